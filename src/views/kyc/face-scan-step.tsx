import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import type Webcam from 'react-webcam';
import styled, { keyframes } from 'styled-components';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { faceScanMachine, type CapturedImage } from '../../machines/face-scan.machine';
import type { KycActorRef } from '../../machines/kyc.machine';
import { uploadImage, uploadMessages, UploadError } from '../../services/uploads';
import { Button } from '../../ui/button';
import { CheckIcon, UserIcon } from '../../ui/icons';
import { ErrorMessage, Muted } from '../../ui/page';
import { ProgressBar } from '../../ui/progress-bar';
import { Spinner } from '../../ui/spinner';
import { theme } from '../../ui/theme';
import { useAppActor } from '../../machines/actors';

// react-webcam is loaded when the user starts the camera, never with the app.
const WebcamView = lazy(() => import('./webcam-view'));

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
 * The last KYC step: the face scan machine with the real webcam, reporting the uploaded
 * image to the wizard.
 */
export function FaceScanStep({
  kyc,
  previous,
  error,
}: {
  kyc: KycActorRef;
  previous: { previewUrl: string; fileUrl: string } | null;
  error: string | undefined;
}) {
  const { i18n, t } = useLingui();
  // A plain box rather than useRef: it is read only by the capture actor, never in render.
  const [webcam] = useState<{ current: Webcam | null }>(() => ({ current: null }));
  const [logic] = useState(() =>
    faceScanMachine.provide({
      actors: {
        captureImage: fromPromise<CapturedImage>(async () => {
          const dataUrl = webcam.current?.getScreenshot() ?? null;
          if (dataUrl === null) throw new Error('The camera gave no picture');
          return { previewUrl: dataUrl, blob: pngFromDataUrl(dataUrl) };
        }),
        uploadImage: uploadFace,
      },
      actions: {
        reportCapture: (_, { fileUrl, previewUrl }) =>
          kyc.send({ type: 'FACE.CAPTURED', fileUrl, previewUrl }),
        reportCleared: () => kyc.send({ type: 'FACE.CLEARED' }),
      },
    }),
  );
  const actor = useAppActor(logic, { id: 'face-scan', input: { previous } });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const {
    secondsLeft,
    capture,
    percent,
    error: scanError,
  } = useSelector(actor, (snapshot) => snapshot.context);

  const cameraOn =
    state === 'starting' || state === 'live' || state === 'countdown' || state === 'capturing';
  const showCapture =
    capture !== null && (state === 'uploading' || state === 'uploadFailed' || state === 'done');

  return (
    <Step>
      <Muted>
        <Trans>
          Look straight at the camera in good light, with your face inside the oval. The picture is
          taken 3 seconds after you press Capture Face.
        </Trans>
      </Muted>
      <Frame $live={cameraOn}>
        {cameraOn && (
          <Suspense
            fallback={
              <Centered>
                <Spinner />
              </Centered>
            }
          >
            <WebcamView
              webcamRef={webcam}
              label={t`Camera preview`}
              onReady={() => actor.send({ type: 'CAMERA.READY' })}
              onError={() => actor.send({ type: 'CAMERA.ERROR' })}
            />
          </Suspense>
        )}
        {showCapture && <Captured src={capture.previewUrl} alt={t`Your captured face`} />}
        {!cameraOn && !showCapture && (
          <Centered>
            <UserIcon sizePx={56} />
          </Centered>
        )}
        {(cameraOn || showCapture) && <Oval aria-hidden="true" />}
        {state === 'starting' && (
          <Centered>
            <Spinner label={t`Starting the camera…`} />
          </Centered>
        )}
        {state === 'countdown' && (
          <Countdown key={secondsLeft} role="timer" aria-live="assertive">
            {secondsLeft}
          </Countdown>
        )}
        {state === 'done' && (
          <DoneBadge>
            <CheckIcon sizePx={16} />
            <Trans>Face captured</Trans>
          </DoneBadge>
        )}
      </Frame>

      {state === 'uploading' && (
        <Progress aria-live="polite">
          <ProgressBar percent={percent} label={t`Upload progress`} />
          <Muted>
            <Trans>Uploading… {percent}%</Trans>
          </Muted>
        </Progress>
      )}
      {scanError && state !== 'uploading' && <ErrorMessage>{i18n._(scanError)}</ErrorMessage>}
      {error && state !== 'uploading' && !scanError && <FieldError>{error}</FieldError>}

      <Controls>
        {(state === 'idle' || state === 'cameraError') && (
          <Button
            variant="secondary"
            block
            onClick={() => {
              kyc.send({ type: 'FACE.STARTED' });
              actor.send({ type: 'START_CAMERA' });
            }}
          >
            {state === 'idle' ? <Trans>Start Camera</Trans> : <Trans>Try again</Trans>}
          </Button>
        )}
        {(state === 'starting' || state === 'live' || state === 'capturing') && (
          <Button
            variant="secondary"
            block
            disabled={state !== 'live'}
            busy={state === 'capturing'}
            onClick={() => actor.send({ type: 'CAPTURE' })}
          >
            <Trans>Capture Face</Trans>
          </Button>
        )}
        {state === 'countdown' && (
          <Button variant="ghost" block onClick={() => actor.send({ type: 'CANCEL' })}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        {state === 'uploadFailed' && (
          <Button variant="secondary" block onClick={() => actor.send({ type: 'RETRY_UPLOAD' })}>
            <Trans>Upload again</Trans>
          </Button>
        )}
        {(state === 'done' || state === 'uploadFailed') && (
          <Button variant="ghost" block onClick={() => actor.send({ type: 'RETAKE' })}>
            <Trans>Retake</Trans>
          </Button>
        )}
      </Controls>
    </Step>
  );
}

const Step = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const Frame = styled.div<{ $live: boolean }>`
  position: relative;
  width: 100%;
  aspect-ratio: 3 / 4;
  max-height: 340px;
  overflow: hidden;
  border-radius: ${theme.radii.lg};
  background: ${({ theme, $live }) => ($live ? '#000' : theme.colors.surfaceRaised)};
  border: 1px solid ${theme.colors.border};
  color: ${theme.colors.textFaint};
`;

const Centered = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
`;

const Captured = styled.img`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

const Oval = styled.div`
  position: absolute;
  top: 12%;
  left: 50%;
  width: 62%;
  height: 70%;
  transform: translateX(-50%);
  border-radius: 50%;
  border: 2px dashed rgba(255, 255, 255, 0.7);
  box-shadow: 0 0 0 999px rgba(0, 0, 0, 0.35);
  pointer-events: none;
`;

const pop = keyframes`
  from { transform: scale(1.4); opacity: 0; }
  to { transform: scale(1); opacity: 1; }
`;

const Countdown = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  font-size: 5rem;
  font-weight: ${theme.fontWeights.bold};
  color: #fff;
  text-shadow: 0 2px 16px rgba(0, 0, 0, 0.6);
  font-variant-numeric: tabular-nums;
  animation: ${pop} 300ms ease-out;
`;

const DoneBadge = styled.p`
  position: absolute;
  left: 50%;
  bottom: ${theme.space.md};
  transform: translateX(-50%);
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  padding: ${theme.space.xs} ${theme.space.md};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.success};
  color: #04140e;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  white-space: nowrap;
`;

const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  font-variant-numeric: tabular-nums;
`;

const FieldError = styled.p`
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;

const Controls = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
`;
