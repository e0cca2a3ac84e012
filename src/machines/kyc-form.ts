/**
 * The KYC form's model, beside the wizard's machine (kyc.machine.ts): its five steps, the
 * values as the form holds them, the rules that decide which messages show and whether a
 * step may be left, the request body made from the values, and what a failed submission
 * says and where.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CreateKycBody } from '../../common/contract';
import {
  checkKyc,
  KYC_DOCUMENT_TYPES,
  KYC_FIELDS,
  type FieldErrorCode,
  type KycDocumentType,
  type KycField,
} from '../../common/validation';
import { ApiError } from '../services/api-error';
import { describeSubmitFailure, fieldErrorMessages } from '../services/error-messages';
import { kycMessages } from '../services/kyc-messages';
import type { AppMessage } from '../services/messages';
import type { FaceScanReport } from './face-scan.machine';

export type KycStepId = 'personal' | 'address' | 'income' | 'documents' | 'faceScan';

export interface KycStep {
  id: KycStepId;
  title: MessageDescriptor;
  fields: readonly KycField[];
}

export const KYC_STEPS: readonly KycStep[] = [
  {
    id: 'personal',
    title: msg`Personal Info`,
    fields: ['firstName', 'middleName', 'lastName', 'dateOfBirth'],
  },
  {
    id: 'address',
    title: msg`Address`,
    fields: ['street', 'city', 'state', 'postalCode', 'country'],
  },
  { id: 'income', title: msg`Income`, fields: ['employmentStatus', 'annualIncome'] },
  { id: 'documents', title: msg`Documents`, fields: ['documentType', 'idFront', 'idBack'] },
  { id: 'faceScan', title: msg`Face Scan`, fields: ['cameraRoll'] },
];

export const DOCUMENT_SLOTS = ['idFront', 'idBack'] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

/** A document upload's child actor id: its name in the inspector, and how it is stopped. */
export const uploadChildId = (slot: DocumentSlot) => `upload:${slot}`;

/** The fields typed or chosen in the form (the images are set by their uploads). */
export type KycInputField = Exclude<KycField, DocumentSlot | 'cameraRoll'>;

/** Every value as the form holds it: text, trimmed only when sent. */
export type KycFormValues = Record<KycField, string>;

export interface DocumentUpload {
  status: 'empty' | 'uploading' | 'done' | 'failed';
  /** 0–100 while uploading. */
  percent: number;
  fileName: string | null;
  /** The chosen image, for its preview. */
  file: Blob | null;
  error: AppMessage | null;
  /** Tells this upload's reports from those of one it replaced. */
  uploadId: number;
}

export interface KycContext {
  values: KycFormValues;
  touched: Partial<Record<KycField, true>>;
  uploads: Record<DocumentSlot, DocumentUpload>;
  /** The captured face as a data URL, to show it again after moving between steps. */
  facePreviewUrl: string | null;
  /** Fields the server refused on the last submission, with its reason. */
  serverErrors: Partial<Record<KycField, AppMessage>>;
  /** Why the last submission failed, shown under the submit button. */
  failure: AppMessage | null;
  /** YYYY-MM-DD on the device: a date of birth after it is in the future. */
  today: string;
  nextUploadId: number;
}

export interface KycInput {
  today?: string;
}

/** What an upload child reports to the wizard. */
export type DocumentUploadReport =
  | { type: 'DOCUMENT.PROGRESS'; slot: DocumentSlot; uploadId: number; percent: number }
  | { type: 'DOCUMENT.DONE'; slot: DocumentSlot; uploadId: number; fileUrl: string }
  | { type: 'DOCUMENT.FAILED'; slot: DocumentSlot; uploadId: number; reason: MessageDescriptor };

export interface DocumentUploadInput {
  slot: DocumentSlot;
  uploadId: number;
  file: File;
}

export type KycEvent =
  | { type: 'CHANGE'; field: KycInputField; value: string }
  | { type: 'BLUR'; field: KycField }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'DOCUMENT.CHOOSE'; slot: DocumentSlot; file: File }
  | DocumentUploadReport
  | FaceScanReport;

export const EMPTY_UPLOAD: DocumentUpload = {
  status: 'empty',
  percent: 0,
  fileName: null,
  file: null,
  error: null,
  uploadId: 0,
};

export const EMPTY_KYC_VALUES: KycFormValues = {
  firstName: '',
  middleName: '',
  lastName: '',
  dateOfBirth: '',
  street: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
  employmentStatus: '',
  annualIncome: '',
  documentType: 'ID',
  idFront: '',
  idBack: '',
  cameraRoll: '',
};

export const stepOf = (id: KycStepId): KycStep => {
  const step = KYC_STEPS.find((candidate) => candidate.id === id);
  if (!step) throw new Error(`Unknown KYC step ${id}`);
  return step;
};

/** The codes of the failing fields among `fields` (all by default). */
export function kycErrors(
  context: Pick<KycContext, 'values' | 'today'>,
  fields: readonly KycField[] = KYC_FIELDS,
): Partial<Record<KycField, FieldErrorCode>> {
  return checkKyc(context.values, context.today, fields);
}

/** The messages to show: a touched field's rule, or what the server said about it. */
export function visibleKycErrors(context: KycContext): Partial<Record<KycField, AppMessage>> {
  const codes = kycErrors(context);
  const shown: Partial<Record<KycField, AppMessage>> = {};
  for (const field of KYC_FIELDS) {
    const code = codes[field];
    const server = context.serverErrors[field];
    if (code && context.touched[field]) shown[field] = fieldErrorMessages[code];
    else if (server) shown[field] = server;
  }
  return shown;
}

export function stepIsValid(context: KycContext, step: KycStep): boolean {
  const errors = kycErrors(context, step.fields);
  return step.fields.every((field) => !errors[field] && !context.serverErrors[field]);
}

/** The body of POST /api/createKyc from the form's values. */
export function kycRequestOf(values: KycFormValues): CreateKycBody {
  const documentType = values.documentType as KycDocumentType;
  if (!KYC_DOCUMENT_TYPES.includes(documentType)) throw new Error('Unknown document type');
  const middleName = values.middleName.trim();
  return {
    firstName: values.firstName.trim(),
    ...(middleName === '' ? {} : { middleName }),
    lastName: values.lastName.trim(),
    dateOfBirth: values.dateOfBirth.trim(),
    street: values.street.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    postalCode: values.postalCode.trim(),
    country: values.country,
    employmentStatus: values.employmentStatus,
    annualIncome: values.annualIncome.trim(),
    documentType,
    idFront: values.idFront,
    idBack: values.idBack,
    cameraRoll: values.cameraRoll,
  };
}

/** Why a submission failed: the field it concerns (if any) and the reason to show. */
export interface KycFailure {
  field: KycField | null;
  reason: AppMessage | null;
}

export const imageNotUsable = msg`This image could not be used. Please upload it again.`;

export function describeKycFailure(error: unknown): KycFailure {
  if (error instanceof ApiError) {
    const field = (KYC_FIELDS as readonly string[]).includes(error.field ?? '')
      ? (error.field as KycField)
      : null;
    if (error.code === 'field' && error.fieldCode) {
      return { field, reason: fieldErrorMessages[error.fieldCode] };
    }
    if (error.code === 'invalid_upload' && field) return { field, reason: imageNotUsable };
    if (error.code === 'kyc_pending') return { field: null, reason: kycMessages.pending };
    if (error.code === 'already_verified') {
      return { field: null, reason: kycMessages.alreadyVerified };
    }
  }
  return { field: null, reason: describeSubmitFailure(error, kycMessages.failed).reason };
}

export const stepOfField = (field: KycField): KycStep =>
  KYC_STEPS.find((step) => step.fields.includes(field)) ?? stepOf('faceScan');
