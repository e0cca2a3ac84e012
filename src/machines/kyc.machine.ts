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
import { KYC_FIELDS, localIsoDate } from '../../common/validation';
import { kycMessages } from '../services/kyc-messages';
import { checkImageFile } from '../services/uploads';
import { faceScanMachine, type FaceScanInput } from './face-scan.machine';
import { notice, notProvided, type WalletNotice } from './submission';
import {
  DOCUMENT_SLOTS,
  EMPTY_KYC_VALUES,
  EMPTY_UPLOAD,
  KYC_STEPS,
  describeKycFailure,
  kycRequestOf,
  stepIsValid,
  stepOf,
  stepOfField,
  uploadChildId,
  type DocumentUpload,
  type DocumentUploadInput,
  type KycContext,
  type KycEvent,
  type KycInput,
  type KycStepId,
} from './kyc-form';

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
