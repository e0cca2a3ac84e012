/**
 * Checking a KYC submission with the rules the web form uses (common/validation.ts), so the
 * server refuses exactly what the form would, with the same codes and texts.
 */
import type { CreateKycBody } from '../../../common/contract';
import {
  checkKyc,
  latestIsoDateOnEarth,
  parseAnnualIncome,
  type KycFields,
} from '../../../common/validation';
import { badRequest, fieldError } from '../../http/errors';
import { parseFileUrl, UPLOAD_NOT_FOUND_MESSAGE } from '../files';

export const KYC_IMAGE_FIELDS = ['idFront', 'idBack', 'cameraRoll'] as const;
export type KycImageField = (typeof KYC_IMAGE_FIELDS)[number];

export const SAME_IMAGE_MESSAGE = 'Each image must be a separate upload.';

/** The values stored for a valid submission: trimmed texts, exact income, file ids. */
export interface KycSubmission {
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  employmentStatus: string;
  annualIncomeMicros: bigint;
  documentType: CreateKycBody['documentType'];
  fileIds: Record<KycImageField, string>;
}

/** Checks every field (the first failing one is answered, in form order) and the images. */
export function parseKycSubmission(body: CreateKycBody, nowMs: number): KycSubmission {
  const fields: KycFields = { ...body, middleName: body.middleName ?? '' };
  const errors = checkKyc(fields, latestIsoDateOnEarth(nowMs));
  // checkKyc lists the failures in form order: the first is the one the form shows first.
  for (const [field, code] of Object.entries(errors)) {
    if (code) throw fieldError(field, code);
  }

  const income = parseAnnualIncome(body.annualIncome);
  if (!income.ok) throw fieldError('annualIncome', income.code);
  // The form trims what was typed (as the shared rule does) and sends the figure alone; a
  // figure with anything around it is not one (common/money.ts).
  if (typeof body.annualIncome === 'string' && body.annualIncome !== body.annualIncome.trim()) {
    throw fieldError('annualIncome', 'annualIncomeNotNumber');
  }

  const fileIds = {} as Record<KycImageField, string>;
  for (const field of KYC_IMAGE_FIELDS) {
    const fileId = parseFileUrl(body[field].trim());
    if (fileId === null) throw badRequest(UPLOAD_NOT_FOUND_MESSAGE, 'invalid_upload', field);
    if (Object.values(fileIds).includes(fileId)) {
      throw badRequest(SAME_IMAGE_MESSAGE, 'invalid_upload', field);
    }
    fileIds[field] = fileId;
  }

  const middleName = fields.middleName.trim();
  return {
    firstName: body.firstName.trim(),
    middleName: middleName === '' ? null : middleName,
    lastName: body.lastName.trim(),
    dateOfBirth: body.dateOfBirth.trim(),
    street: body.street.trim(),
    city: body.city.trim(),
    state: body.state.trim(),
    postalCode: body.postalCode.trim(),
    country: body.country.trim(),
    employmentStatus: body.employmentStatus.trim(),
    annualIncomeMicros: income.micros,
    documentType: body.documentType,
    fileIds,
  };
}
