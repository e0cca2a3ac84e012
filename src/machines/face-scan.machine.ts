import type { MessageDescriptor } from '@lingui/core';
import {
  assign,
  fromCallback,
  fromPromise,
  sendParent,
  setup,
  type ActorRefFrom,
  type EventObject,
} from 'xstate';
import { kycMessages } from '../services/kyc-messages';
import { notProvided } from './submission';

/**
 * The face scan of the KYC form (docs/product.md §4): Start Camera → live picture; Capture Face starts
 * a 3 s countdown, then captures a PNG, uploads it (with its percent) and shows it with
 * Retake. The countdown is an invoked callback actor, so leaving the state (or the screen)
 * stops it.
 *
 * The KYC wizard invokes this machine as its child `faceScan` wherever its face step is on
 * screen (kyc.machine.ts), so leaving the step stops the scan, and the inspector shows it
 * under the wizard. The scan tells its parent what the wizard must know (`FaceScanReport`):
 * the camera was started, a face was captured and uploaded, or it was taken back by Retake.
 * It has no final state, as a captured face can always be retaken.
 *
 * The view supplies, by name: `captureImage` (reads a PNG from the webcam) and `uploadImage`
 * (POST /upload with progress and the 180 s time-out). The view shows the webcam in
 * `starting`, `live`, `countdown` and `capturing`, and reports CAMERA.READY or CAMERA.ERROR
 * from it.
 */

/** docs/product.md §9: the countdown before the capture. */
export const FACE_SCAN_COUNTDOWN_S = 3;

export interface CapturedImage {
  /** A data URL of the PNG, for the preview. */
  previewUrl: string;
  blob: Blob;
}

export interface FaceScanContext {
  secondsLeft: number;
  /** The captured image, from the capture until Retake. */
  capture: CapturedImage | null;
  /** The uploaded image's URL, once uploaded. */
  fileUrl: string | null;
  percent: number;
  error: MessageDescriptor | null;
}

export interface FaceScanInput {
  /** A face captured and uploaded before (the user came back to this step). */
  previous?: CapturedFace | null;
}

/** A face captured and uploaded: where it is stored, and how to show it again. */
export interface CapturedFace {
  fileUrl: string;
  /** A data URL of the PNG. */
  previewUrl: string;
}

/** What the scan tells its parent, the KYC wizard. */
export type FaceScanReport =
  { type: 'FACE.STARTED' } | ({ type: 'FACE.CAPTURED' } & CapturedFace) | { type: 'FACE.CLEARED' };

export type FaceUploadReport =
  | { type: 'UPLOAD.PROGRESS'; percent: number }
  | { type: 'UPLOAD.DONE'; fileUrl: string }
  | { type: 'UPLOAD.FAILED'; reason: MessageDescriptor };

export type FaceScanEvent =
  | { type: 'START_CAMERA' }
  | { type: 'CAMERA.READY' }
  | { type: 'CAMERA.ERROR' }
  | { type: 'CAPTURE' }
  | { type: 'CANCEL' }
  | { type: 'RETAKE' }
  | { type: 'RETRY_UPLOAD' }
  | { type: 'TICK' }
  | FaceUploadReport;

/** One TICK a second, `seconds` times; stopped (cleared) when the state is left. */
const countdownTimer = fromCallback<EventObject, { seconds: number }>(({ sendBack, input }) => {
  let left = input.seconds;
  const timer = setInterval(() => {
    left -= 1;
    sendBack({ type: 'TICK' });
    if (left <= 0) clearInterval(timer);
  }, 1000);
  return () => clearInterval(timer);
});

export const faceScanMachine = setup({
  types: {
    context: {} as FaceScanContext,
    events: {} as FaceScanEvent,
    input: {} as FaceScanInput,
  },
  actors: {
    countdown: countdownTimer,
    captureImage: fromPromise<CapturedImage>(async () => notProvided('faceScan', 'captureImage')),
    uploadImage: fromCallback<EventObject, { image: Blob }>(() =>
      notProvided('faceScan', 'uploadImage'),
    ),
  },
  // Reports go to the parent; the machine's own tests replace them to watch them.
  actions: {
    reportStarted: sendParent({ type: 'FACE.STARTED' } satisfies FaceScanReport),
    reportCapture: sendParent(
      (_, face: CapturedFace) => ({ type: 'FACE.CAPTURED', ...face }) satisfies FaceScanReport,
    ),
    reportCleared: sendParent({ type: 'FACE.CLEARED' } satisfies FaceScanReport),
  },
  guards: {
    hasPrevious: ({ context }) => context.capture !== null && context.fileUrl !== null,
    countdownOver: ({ context }) => context.secondsLeft <= 1,
  },
}).createMachine({
  id: 'faceScan',
  context: ({ input }) => ({
    secondsLeft: FACE_SCAN_COUNTDOWN_S,
    capture: input.previous
      ? { previewUrl: input.previous.previewUrl, blob: new Blob([], { type: 'image/png' }) }
      : null,
    fileUrl: input.previous?.fileUrl ?? null,
    percent: 0,
    error: null,
  }),
  initial: 'init',
  states: {
    init: {
      always: [{ guard: 'hasPrevious', target: 'done' }, { target: 'idle' }],
    },

    idle: {
      on: { START_CAMERA: { target: 'starting', actions: 'reportStarted' } },
    },

    /** The webcam is mounted and asks for the camera. */
    starting: {
      entry: assign({ error: null }),
      on: {
        'CAMERA.READY': 'live',
        'CAMERA.ERROR': 'cameraError',
      },
    },

    live: {
      on: {
        CAPTURE: 'countdown',
        'CAMERA.ERROR': 'cameraError',
      },
    },

    countdown: {
      entry: assign({ secondsLeft: FACE_SCAN_COUNTDOWN_S, error: null }),
      invoke: { src: 'countdown', input: { seconds: FACE_SCAN_COUNTDOWN_S } },
      on: {
        TICK: [
          { guard: 'countdownOver', target: 'capturing', actions: assign({ secondsLeft: 0 }) },
          { actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
        ],
        CANCEL: 'live',
        'CAMERA.ERROR': 'cameraError',
      },
    },

    capturing: {
      invoke: {
        src: 'captureImage',
        onDone: {
          target: 'uploading',
          actions: assign({ capture: ({ event }) => event.output }),
        },
        onError: {
          target: 'live',
          actions: assign({ error: kycMessages.captureFailed }),
        },
      },
    },

    /** The webcam is gone; the captured image shows with the upload's percent. */
    uploading: {
      entry: assign({ percent: 0, error: null }),
      invoke: {
        src: 'uploadImage',
        input: ({ context }) => {
          if (!context.capture) throw new Error('uploading without a capture');
          return { image: context.capture.blob };
        },
      },
      on: {
        'UPLOAD.PROGRESS': {
          actions: assign({ percent: ({ event }) => event.percent }),
        },
        'UPLOAD.DONE': {
          target: 'done',
          actions: [
            assign({ fileUrl: ({ event }) => event.fileUrl, percent: 100 }),
            {
              type: 'reportCapture',
              params: ({ context, event }) => ({
                fileUrl: event.fileUrl,
                previewUrl: context.capture?.previewUrl ?? '',
              }),
            },
          ],
        },
        'UPLOAD.FAILED': {
          target: 'uploadFailed',
          actions: assign({ error: ({ event }) => event.reason }),
        },
      },
    },

    uploadFailed: {
      on: {
        RETRY_UPLOAD: 'uploading',
        RETAKE: { target: 'starting', actions: assign({ capture: null }) },
      },
    },

    done: {
      on: {
        RETAKE: {
          target: 'starting',
          actions: [assign({ capture: null, fileUrl: null, percent: 0 }), 'reportCleared'],
        },
      },
    },

    cameraError: {
      entry: assign({ error: kycMessages.cameraUnavailable }),
      on: { START_CAMERA: { target: 'starting', actions: 'reportStarted' } },
    },
  },
});
export type FaceScanActorRef = ActorRefFrom<typeof faceScanMachine>;
