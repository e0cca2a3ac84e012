import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  assign,
  emit,
  enqueueActions,
  fromCallback,
  fromPromise,
  not,
  setup,
  type ActorRefFrom,
  type EventObject,
} from 'xstate';
import type { CreateKycBody, Kyc } from '../../common/contract';
import {
  checkKyc,
  KYC_DOCUMENT_TYPES,
  KYC_FIELDS,
  localIsoDate,
  type FieldErrorCode,
  type KycDocumentType,
  type KycField,
} from '../../common/validation';
import { ApiError } from '../services/api-error';
import { describeSubmitFailure, fieldErrorMessages } from '../services/error-messages';
import { kycMessages } from '../services/kyc-messages';
import type { AppMessage } from '../services/messages';
import { checkImageFile } from '../services/uploads';
import { faceScanMachine, type FaceScanInput, type FaceScanReport } from './face-scan.machine';
import { notice, notProvided, type WalletNotice } from './submission';

/**
 * The KYC wizard (docs/product.md §4): five steps, Personal Info → Address → Income → Documents → Face
 * Scan. NEXT moves on only when the step's fields pass the shared rules (common/validation),
 * otherwise it marks them touched so their messages show; BACK works on every step but the
 * first; SUBMIT on the last step is refused without a face scan. The two document images
 * upload as soon as they are chosen, each in a spawned child actor that reports its progress,
 * so an upload goes on while the user moves between steps; choosing another document type
 * stops both uploads and clears both images.
 *
 * The face scan is its own machine (face-scan.machine.ts), invoked as the child `faceScan`
 * wherever the face step is on screen: on that step, and while the request is out (the step
 * stays on screen then, with the captured face). It reports FACE.STARTED, FACE.CAPTURED and
 * FACE.CLEARED here. Leaving the step (Back, or a refused field's step) stops it, its
 * countdown and its upload with it; coming back starts it from the face this machine holds.
 *
 * The view supplies, by name: `uploadDocument` (the upload with progress), `faceScan` (the
 * face scan with its webcam and upload provided), `submitKyc` (POST /api/createKyc),
 * `refreshUser` and `goToLog` (to /kyc/log).
 */

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

const DOCUMENT_SLOTS = ['idFront', 'idBack'] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

/** A document upload's child actor id: its name in the inspector, and how it is stopped. */
const uploadChildId = (slot: DocumentSlot) => `upload:${slot}`;

/** The fields typed or chosen in the form (the images are set by their uploads). */
export type KycInputField = Exclude<KycField, DocumentSlot | 'cameraRoll'>;

/** Every value as the form holds it: text, trimmed only when sent. */
type KycFormValues = Record<KycField, string>;

interface DocumentUpload {
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

const EMPTY_UPLOAD: DocumentUpload = {
  status: 'empty',
  percent: 0,
  fileName: null,
  file: null,
  error: null,
  uploadId: 0,
};

const EMPTY_KYC_VALUES: KycFormValues = {
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

const stepOf = (id: KycStepId): KycStep => {
  const step = KYC_STEPS.find((candidate) => candidate.id === id);
  if (!step) throw new Error(`Unknown KYC step ${id}`);
  return step;
};

/** The codes of the failing fields among `fields` (all by default). */
function kycErrors(
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

function stepIsValid(context: KycContext, step: KycStep): boolean {
  const errors = kycErrors(context, step.fields);
  return step.fields.every((field) => !errors[field] && !context.serverErrors[field]);
}

/** The body of POST /api/createKyc from the form's values. */
function kycRequestOf(values: KycFormValues): CreateKycBody {
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

const imageNotUsable = msg`This image could not be used. Please upload it again.`;

function describeKycFailure(error: unknown): KycFailure {
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

const stepOfField = (field: KycField): KycStep =>
  KYC_STEPS.find((step) => step.fields.includes(field)) ?? stepOf('faceScan');

/**
 * The face scan child, started from the face the wizard holds (if any). Its id is its name in
 * the inspector, and where the view finds it (`snapshot.children.faceScan`).
 */
const faceScanChild = {
  id: 'faceScan',
  src: 'faceScan',
  input: ({ context }: { context: KycContext }): FaceScanInput => ({
    previous:
      context.facePreviewUrl !== null && context.values.cameraRoll !== ''
        ? { previewUrl: context.facePreviewUrl, fileUrl: context.values.cameraRoll }
        : null,
  }),
} as const;

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
    input: {} as KycInput,
    emitted: {} as WalletNotice,
    children: {} as { faceScan: 'faceScan' },
  },
  actors: {
    faceScan: faceScanMachine,
    uploadDocument: fromCallback<EventObject, DocumentUploadInput>(() =>
      notProvided('kyc', 'uploadDocument'),
    ),
    submitKyc: fromPromise<Kyc, CreateKycBody>(async () => notProvided('kyc', 'submitKyc')),
  },
  actions: {
    refreshUser: () => notProvided('kyc', 'refreshUser'),
    goToLog: () => notProvided('kyc', 'goToLog'),
    touchStep: assign({
      touched: ({ context }, params: { step: KycStepId }) => {
        const touched = { ...context.touched };
        for (const field of stepOf(params.step).fields) touched[field] = true;
        return touched;
      },
    }),
    /** After a refused submission: the reason, and the field it concerns made ready to fix. */
    recordFailure: assign(({ context, event }) => {
      const { field, reason } = describeKycFailure((event as { error?: unknown }).error);
      const serverErrors = { ...context.serverErrors };
      let { values, uploads, facePreviewUrl } = context;
      if (field !== null && reason !== null) {
        serverErrors[field] = reason;
        // An image the server could not use must be uploaded (or captured) again.
        if (field === 'idFront' || field === 'idBack') {
          values = { ...values, [field]: '' };
          uploads = { ...uploads, [field]: { ...EMPTY_UPLOAD, error: reason } };
        } else if (field === 'cameraRoll') {
          values = { ...values, cameraRoll: '' };
          facePreviewUrl = null;
        }
      }
      return { serverErrors, values, uploads, facePreviewUrl, failure: reason };
    }),
    touchAll: assign({
      touched: () => Object.fromEntries(KYC_FIELDS.map((field) => [field, true as const])),
    }),
  },
  guards: {
    stepValid: ({ context }, params: { step: KycStepId }) =>
      stepIsValid(context, stepOf(params.step)),
    hasFaceScan: ({ context }) => context.values.cameraRoll !== '',
    allValid: ({ context }) => KYC_STEPS.every((step) => stepIsValid(context, step)),
    failedOnStep: ({ event }, params: { step: KycStepId }) => {
      const { field } = describeKycFailure((event as { error?: unknown }).error);
      return field !== null && stepOfField(field).id === params.step;
    },
  },
}).createMachine({
  id: 'kyc',
  context: ({ input }) => ({
    values: { ...EMPTY_KYC_VALUES },
    touched: {},
    uploads: { idFront: EMPTY_UPLOAD, idBack: EMPTY_UPLOAD },
    facePreviewUrl: null,
    serverErrors: {},
    failure: null,
    today: input.today ?? localIsoDate(new Date()),
    nextUploadId: 1,
  }),
  initial: 'editing',
  on: {
    // Uploads report whatever the step: they keep going while the user moves on.
    'DOCUMENT.PROGRESS': {
      guard: ({ context, event }) => context.uploads[event.slot].uploadId === event.uploadId,
      actions: assign({
        uploads: ({ context, event }) => ({
          ...context.uploads,
          [event.slot]: { ...context.uploads[event.slot], percent: event.percent },
        }),
      }),
    },
    'DOCUMENT.DONE': {
      guard: ({ context, event }) => context.uploads[event.slot].uploadId === event.uploadId,
      actions: assign({
        uploads: ({ context, event }) => ({
          ...context.uploads,
          [event.slot]: { ...context.uploads[event.slot], status: 'done', percent: 100 },
        }),
        values: ({ context, event }) => ({ ...context.values, [event.slot]: event.fileUrl }),
      }),
    },
    'DOCUMENT.FAILED': {
      guard: ({ context, event }) => context.uploads[event.slot].uploadId === event.uploadId,
      actions: assign({
        uploads: ({ context, event }) => ({
          ...context.uploads,
          [event.slot]: { ...context.uploads[event.slot], status: 'failed', error: event.reason },
        }),
      }),
    },
  },
  states: {
    editing: {
      initial: 'personal',
      on: {
        CHANGE: {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const values = { ...context.values, [event.field]: event.value };
            const serverErrors = { ...context.serverErrors };
            delete serverErrors[event.field];
            const touched = { ...context.touched };
            let uploads = context.uploads;
            // docs/product.md §4: another document type needs other images; both are cleared.
            if (event.field === 'documentType' && event.value !== context.values.documentType) {
              for (const slot of DOCUMENT_SLOTS) {
                enqueue.stopChild(uploadChildId(slot));
                values[slot] = '';
                delete serverErrors[slot];
                delete touched[slot];
              }
              uploads = { idFront: EMPTY_UPLOAD, idBack: EMPTY_UPLOAD };
            }
            enqueue.assign({ values, serverErrors, touched, uploads, failure: null });
          }),
        },
        BLUR: {
          actions: assign({
            touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }),
          }),
        },
        'DOCUMENT.CHOOSE': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const { slot, file } = event;
            enqueue.stopChild(uploadChildId(slot));
            const uploadId = context.nextUploadId;
            const serverErrors = { ...context.serverErrors };
            delete serverErrors[slot];
            // Refused before a byte is sent: too large (docs/product.md §5) or not a JPG/PNG.
            const refusal = checkImageFile(file);
            const upload: DocumentUpload = {
              status: refusal ? 'failed' : 'uploading',
              percent: 0,
              fileName: file.name,
              file: refusal ? null : file,
              error: refusal,
              uploadId,
            };
            enqueue.assign({
              uploads: { ...context.uploads, [slot]: upload },
              values: { ...context.values, [slot]: '' },
              touched: { ...context.touched, [slot]: true },
              serverErrors,
              nextUploadId: uploadId + 1,
              failure: null,
            });
            if (!refusal) {
              enqueue.spawnChild('uploadDocument', {
                id: uploadChildId(slot),
                input: { slot, uploadId, file },
              });
            }
          }),
        },
        'FACE.CAPTURED': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, cameraRoll: event.fileUrl }),
            facePreviewUrl: ({ event }) => event.previewUrl,
            serverErrors: ({ context }) => {
              const serverErrors = { ...context.serverErrors };
              delete serverErrors.cameraRoll;
              return serverErrors;
            },
            failure: null,
          }),
        },
        // The user is doing the face scan: the "complete the face scan" messages have done
        // their job until the next submit.
        'FACE.STARTED': {
          actions: assign({
            touched: ({ context }) => {
              const touched = { ...context.touched };
              delete touched.cameraRoll;
              return touched;
            },
            failure: ({ context }) =>
              context.failure === kycMessages.faceScanMissing ? null : context.failure,
          }),
        },
        'FACE.CLEARED': {
          actions: assign({
            values: ({ context }) => ({ ...context.values, cameraRoll: '' }),
            facePreviewUrl: null,
          }),
        },
      },
      states: {
        personal: {
          on: {
            NEXT: [
              { guard: { type: 'stepValid', params: { step: 'personal' } }, target: 'address' },
              { actions: { type: 'touchStep', params: { step: 'personal' } } },
            ],
          },
        },
        address: {
          on: {
            BACK: 'personal',
            NEXT: [
              { guard: { type: 'stepValid', params: { step: 'address' } }, target: 'income' },
              { actions: { type: 'touchStep', params: { step: 'address' } } },
            ],
          },
        },
        income: {
          on: {
            BACK: 'address',
            NEXT: [
              { guard: { type: 'stepValid', params: { step: 'income' } }, target: 'documents' },
              { actions: { type: 'touchStep', params: { step: 'income' } } },
            ],
          },
        },
        documents: {
          on: {
            BACK: 'income',
            NEXT: [
              { guard: { type: 'stepValid', params: { step: 'documents' } }, target: 'faceScan' },
              { actions: { type: 'touchStep', params: { step: 'documents' } } },
            ],
          },
        },
        faceScan: {
          invoke: faceScanChild,
          on: {
            BACK: 'documents',
            SUBMIT: [
              {
                guard: not('hasFaceScan'),
                actions: [
                  { type: 'touchStep', params: { step: 'faceScan' } },
                  assign({ failure: kycMessages.faceScanMissing }),
                  emit(notice('error', kycMessages.faceScanMissing)),
                ],
              },
              { guard: 'allValid', target: '#kyc.submitting' },
              // Unreachable through the steps (each was checked on NEXT); kept as a guard.
              { actions: 'touchAll' },
            ],
          },
        },
      },
    },

    submitting: {
      entry: assign({ failure: null }),
      invoke: [
        // The face step stays on screen while the request is out, and so does its scan,
        // started again from the captured face (this state requires one).
        faceScanChild,
        {
          src: 'submitKyc',
          input: ({ context }) => kycRequestOf(context.values),
          onDone: {
            target: 'submitted',
            actions: ['refreshUser', emit(notice('success', kycMessages.submitted)), 'goToLog'],
          },
          // A refused field sends the user back to its step, with the server's reason there.
          // The user is refetched too: when the answer was "already pending" or "already
          // verified", their flags were stale, and the page follows them.
          onError: [
            {
              guard: { type: 'failedOnStep', params: { step: 'personal' } },
              target: '#kyc.editing.personal',
              actions: ['recordFailure', emit(notice('error', kycMessages.failed)), 'refreshUser'],
            },
            {
              guard: { type: 'failedOnStep', params: { step: 'address' } },
              target: '#kyc.editing.address',
              actions: ['recordFailure', emit(notice('error', kycMessages.failed)), 'refreshUser'],
            },
            {
              guard: { type: 'failedOnStep', params: { step: 'income' } },
              target: '#kyc.editing.income',
              actions: ['recordFailure', emit(notice('error', kycMessages.failed)), 'refreshUser'],
            },
            {
              guard: { type: 'failedOnStep', params: { step: 'documents' } },
              target: '#kyc.editing.documents',
              actions: ['recordFailure', emit(notice('error', kycMessages.failed)), 'refreshUser'],
            },
            {
              target: '#kyc.editing.faceScan',
              actions: ['recordFailure', emit(notice('error', kycMessages.failed)), 'refreshUser'],
            },
          ],
        },
      ],
    },

    submitted: { type: 'final' },
  },
});
export type KycActorRef = ActorRefFrom<typeof kycMachine>;
