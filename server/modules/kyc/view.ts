/** A KYC request as the API shows it: the contract's field names, images as short-lived signed links. */
import type { Kyc } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import type { kycRequests } from '../../db/schema';

export type KycRow = typeof kycRequests.$inferSelect;

/** Signs one file id: an owner's link or an admin's (audited) link. */
export type SignLink = (fileId: string) => string;

export function kycView(row: KycRow, sign: SignLink): Kyc {
  return {
    _id: row.id,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    street: row.street,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    employmentStatus: row.employmentStatus,
    annualIncome: formatMicros(row.annualIncomeMicros),
    documentType: row.documentType,
    idFront: sign(row.idFrontFileId),
    idBack: sign(row.idBackFileId),
    cameraRoll: sign(row.cameraRollFileId),
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * The ISO 3166 code of a KYC country, as trading restrictions compare them: the spec's list
 * says UK where ISO says GB; every other listed code is already ISO.
 */
export function isoCountryOf(kycCountry: string): string {
  return kycCountry === 'UK' ? 'GB' : kycCountry;
}
