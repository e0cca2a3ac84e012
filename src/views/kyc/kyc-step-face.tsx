import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import styled, { keyframes } from 'styled-components';
import type { FaceScanActorRef } from '../../machines/face-scan.machine';
import type { KycActorRef } from '../../machines/kyc.machine';
import { Button } from '../../ui/button';
import { CheckIcon } from '../../ui/icons';
import { UserIcon } from '../../ui/page-icons';
import { ErrorMessage, Muted } from '../../ui/page';
import { ProgressBar } from '../../ui/progress-bar';
import { Spinner } from '../../ui/spinner';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';
import type { WebcamBox } from './face-scan-logic';

// react-webcam is loaded when the user starts the camera, never with the app.
const WebcamView = lazy(() => import('./webcam-view'));

interface FaceScanProps {
  scan: FaceScanActorRef;
  /** Where the webcam goes, for the scan's capture. */
  webcam: WebcamBox;
  /** The wizard's message about the face scan, shown when the scan has none of its own. */
  error: string | undefined;
}

/**
 * Step 5: the face scan the wizard runs as its child `faceScan`, with the real webcam. The
 * scan reports its result to the wizard itself; this step only shows it and sends it the
 * user's actions. The child is there whenever this step is on screen, but for the moment
 * after a successful submission, before the log page replaces the wizard.
 */
export function KycStepFace({ kyc, ...props }: Omit<FaceScanProps, 'scan'> & { kyc: KycActorRef }) {
  const scan = useSelector(kyc, (snapshot) => snapshot.children.faceScan);
  return scan ? <FaceScan scan={scan} {...props} /> : null;
}

function FaceScan({ scan, webcam, error }: FaceScanProps) {
  const { i18n, t } = useLingui();
  const state = useSelector(scan, (snapshot) => snapshot.value);
  const percent = useSelector(scan, (snapshot) => snapshot.context.percent);
  const scanError = useSelector(scan, (snapshot) => snapshot.context.error);
  return (
    <Step>
      <Muted>
        <Trans>
          Look straight at the camera in good light, with your face inside the oval. The picture is
          taken 3 seconds after you press Capture Face.
        </Trans>
      </Muted>
      <FaceFrame scan={scan} webcam={webcam} />
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
      <FaceControls scan={scan} />
    </Step>
  );
}

/** The picture: the live camera with the oval and the countdown, or the captured face. */
function FaceFrame({ scan, webcam }: Omit<FaceScanProps, 'error'>) {
  const { t } = useLingui();
  const state = useSelector(scan, (snapshot) => snapshot.value);
  const { secondsLeft, capture } = useSelector(scan, (snapshot) => snapshot.context);
  const cameraOn =
    state === 'starting' || state === 'live' || state === 'countdown' || state === 'capturing';
  const showCapture =
    capture !== null && (state === 'uploading' || state === 'uploadFailed' || state === 'done');
  return (
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
            onReady={() => scan.send({ type: 'CAMERA.READY' })}
            onError={() => scan.send({ type: 'CAMERA.ERROR' })}
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
  );
}

/** The buttons the scan's state offers. */
function FaceControls({ scan }: { scan: FaceScanActorRef }) {
  const state = useSelector(scan, (snapshot) => snapshot.value);
  return (
    <Controls>
      {(state === 'idle' || state === 'cameraError') && (
        <Button variant="secondary" block onClick={() => scan.send({ type: 'START_CAMERA' })}>
          {state === 'idle' ? <Trans>Start Camera</Trans> : <Trans>Try again</Trans>}
        </Button>
      )}
      {(state === 'starting' || state === 'live' || state === 'capturing') && (
        <Button
          variant="secondary"
          block
          disabled={state !== 'live'}
          busy={state === 'capturing'}
          onClick={() => scan.send({ type: 'CAPTURE' })}
        >
          <Trans>Capture Face</Trans>
        </Button>
      )}
      {state === 'countdown' && (
        <Button variant="ghost" block onClick={() => scan.send({ type: 'CANCEL' })}>
          <Trans>Cancel</Trans>
        </Button>
      )}
      {state === 'uploadFailed' && (
        <Button variant="secondary" block onClick={() => scan.send({ type: 'RETRY_UPLOAD' })}>
          <Trans>Upload again</Trans>
        </Button>
      )}
      {(state === 'done' || state === 'uploadFailed') && (
        <Button variant="ghost" block onClick={() => scan.send({ type: 'RETAKE' })}>
          <Trans>Retake</Trans>
        </Button>
      )}
    </Controls>
  );
}
const Step = styled.div`
  ${flexColumn(theme.space.md)}
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
  ${flexColumn(theme.space.xs)}
  font-variant-numeric: tabular-nums;
`;

const FieldError = styled.p`
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;

const Controls = styled.div`
  ${flexColumn(theme.space.sm)}
`;
