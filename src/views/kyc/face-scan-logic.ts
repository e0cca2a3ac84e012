import type Webcam from 'react-webcam';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { faceScanMachine, type CapturedImage } from '../../machines/face-scan.machine';
import { uploadImage, uploadMessages, UploadError } from '../../services/uploads';

/** Where the face step puts the webcam, for the capture to read; never read in render. */
export interface WebcamBox {
  current: Webcam | null;
}

/** A PNG data URL (the webcam's screenshot) as bytes, without fetch (the CSP allows no data:). */
function pngFromDataUrl(dataUrl: string): Blob {
  const match = /^data:image\/png;base64,(.+)$/.exec(dataUrl);
  if (!match?.[1]) throw new Error('The capture is not a PNG');
  const binary = atob(match[1]);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

/** Uploads the captured face as a PNG, with its percent; stopping the actor cancels it. */
const uploadFace = fromCallback<EventObject, { image: Blob }>(({ input, sendBack }) => {
  const controller = new AbortController();
  const file = new File([input.image], 'face-scan.png', { type: 'image/png' });
  uploadImage(file, {
    signal: controller.signal,
    onProgress: (percent) => sendBack({ type: 'UPLOAD.PROGRESS', percent }),
  }).then(
    (fileUrl) => sendBack({ type: 'UPLOAD.DONE', fileUrl }),
    (error: unknown) => {
      if (controller.signal.aborted) return;
      const reason = error instanceof UploadError ? error.reason : uploadMessages.failed;
      sendBack({ type: 'UPLOAD.FAILED', reason });
    },
  );
  return () => controller.abort();
});

/**
 * The face scan with the real webcam and upload, for the KYC wizard to invoke: the capture
 * reads whatever webcam the face step has put in `webcam` when the countdown ends.
 */
export function faceScanWithWebcam(webcam: WebcamBox) {
  return faceScanMachine.provide({
    actors: {
      captureImage: fromPromise<CapturedImage>(async () => {
        const dataUrl = webcam.current?.getScreenshot() ?? null;
        if (dataUrl === null) throw new Error('The camera gave no picture');
        return { previewUrl: dataUrl, blob: pngFromDataUrl(dataUrl) };
      }),
      uploadImage: uploadFace,
    },
  });
}
