import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { useAppActor } from '../../machines/actors';
import { kycMachine, type KycActorRef } from '../../machines/kyc.machine';
import { type DocumentUploadInput } from '../../machines/kyc-form';
import { createKyc } from '../../services/kyc-api';
import { invalidateAfterKyc } from '../../services/kyc-queries';
import { uploadImage, uploadMessages, UploadError } from '../../services/uploads';
import { useNoticeToasts } from '../shared/use-notice-toasts';
import { faceScanWithWebcam, type WebcamBox } from './face-scan-logic';

/** Uploads one document image with its progress; stopping the actor cancels the upload. */
const uploadDocument = fromCallback<EventObject, DocumentUploadInput>(({ input, sendBack }) => {
  const { slot, uploadId, file } = input;
  const controller = new AbortController();
  uploadImage(file, {
    signal: controller.signal,
    onProgress: (percent) => sendBack({ type: 'DOCUMENT.PROGRESS', slot, uploadId, percent }),
  }).then(
    (fileUrl) => sendBack({ type: 'DOCUMENT.DONE', slot, uploadId, fileUrl }),
    (error: unknown) => {
      if (controller.signal.aborted) return;
      const reason = error instanceof UploadError ? error.reason : uploadMessages.failed;
      sendBack({ type: 'DOCUMENT.FAILED', slot, uploadId, reason });
    },
  );
  return () => controller.abort();
});

/**
 * The wizard's actor (`kyc-wizard` in the inspector), with the real uploads, the request and
 * the face scan it invokes, and the webcam box that scan captures from: the face step puts
 * the webcam there. Its notices show as toasts.
 */
export function useKycWizard(): { actor: KycActorRef; webcam: WebcamBox } {
  const queryClient = useQueryClient();
  // A plain box rather than useRef: it is read only by the capture actor, never in render.
  const [webcam] = useState<WebcamBox>(() => ({ current: null }));
  const [logic] = useState(() =>
    kycMachine.provide({
      actors: {
        uploadDocument,
        faceScan: faceScanWithWebcam(webcam),
        submitKyc: fromPromise(({ input }) => createKyc(input)),
      },
      actions: {
        refreshUser: () => void invalidateAfterKyc(queryClient),
        goToLog: () => navigate('/kyc/log'),
      },
    }),
  );
  const actor = useAppActor(logic, { id: 'kyc-wizard', input: {} });
  useNoticeToasts(actor);
  return { actor, webcam };
}
