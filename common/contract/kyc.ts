/**
 * Identity verification (KYC, docs/product.md §3 and §7). The form's fields are checked by the rules of
 * common/validation.ts on both sides; the images are the `fileUrl`s answered by `/upload`,
 * and come back as short-lived signed links that only their owner and admins receive.
 */
import { enums, nullable, number, object, optional, string, union, type Infer } from 'superstruct';
import { KYC_DOCUMENT_TYPES } from '../validation';
import { IsoDate, WireAmount } from './common';
import { REQUEST_STATUSES } from './wallet';

const KycDocumentType = enums(KYC_DOCUMENT_TYPES);

/**
 * POST /api/createKyc. Country and employment status are plain strings here so that a
 * wrong one is answered with its field rule ('Country is required', 'Choose a country from
 * the list') rather than a generic "invalid value".
 */
export const CreateKycBody = object({
  firstName: string(),
  middleName: optional(string()),
  lastName: string(),
  /** YYYY-MM-DD. */
  dateOfBirth: string(),
  street: string(),
  city: string(),
  state: string(),
  postalCode: string(),
  /** One of KYC_COUNTRIES (docs/product.md §5). */
  country: string(),
  /** One of EMPLOYMENT_STATUSES. */
  employmentStatus: string(),
  /** A non-negative decimal, as a string or a number; parsed exactly. */
  annualIncome: union([string(), number()]),
  documentType: KycDocumentType,
  /** `fileUrl`s from POST /upload: the caller's own uploads or unclaimed ones, used once. */
  idFront: string(),
  idBack: string(),
  cameraRoll: string(),
});
export type CreateKycBody = Infer<typeof CreateKycBody>;

export const Kyc = object({
  _id: string(),
  firstName: string(),
  middleName: nullable(string()),
  lastName: string(),
  dateOfBirth: string(),
  street: string(),
  city: string(),
  state: string(),
  postalCode: string(),
  country: string(),
  employmentStatus: string(),
  /** A six-decimal string, like money on the wire. */
  annualIncome: WireAmount,
  documentType: KycDocumentType,
  /** Signed links to the images, valid for a few minutes; fetch the request again for new ones. */
  idFront: string(),
  idBack: string(),
  cameraRoll: string(),
  status: enums(REQUEST_STATUSES),
  /** Why an admin rejected it, when they said. */
  reason: nullable(string()),
  createdAt: IsoDate,
  decidedAt: nullable(IsoDate),
});
export type Kyc = Infer<typeof Kyc>;

/** POST /api/createKyc (201), GET /api/getKycDetails, PUT /api/updateKyc/:id */
export const KycResponse = object({ kyc: Kyc });
export type KycResponse = Infer<typeof KycResponse>;

/** PUT /api/updateKyc/:id (admin). A rejection needs a reason: the user is shown it. */
export const UpdateKycBody = object({
  id: string(),
  status: enums(['Completed', 'Rejected'] as const),
  reason: optional(string()),
});
export type UpdateKycBody = Infer<typeof UpdateKycBody>;

/** GET /api/admin/kyc/:id (admin): the request, whose user it is, and links to its images. */
export const AdminKycResponse = object({
  kyc: Kyc,
  user: object({ _id: string(), username: string(), fullName: string(), email: string() }),
});
export type AdminKycResponse = Infer<typeof AdminKycResponse>;
