import type { RefObject } from 'react';
import Webcam from 'react-webcam';
import styled from 'styled-components';

/**
 * The live picture of the front camera. Its own module, loaded only when the user starts
 * the camera, so react-webcam stays out of every other screen's bundle.
 */
export default function WebcamView({
  webcamRef,
  label,
  onReady,
  onError,
}: {
  webcamRef: RefObject<Webcam | null>;
  label: string;
  onReady: () => void;
  onError: () => void;
}) {
  return (
    <Video
      ref={webcamRef}
      aria-label={label}
      audio={false}
      mirrored
      playsInline
      screenshotFormat="image/png"
      // Screenshots at the camera's own size, not the (smaller) size on screen.
      forceScreenshotSourceSize
      videoConstraints={{ facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }}
      onUserMedia={onReady}
      onUserMediaError={onError}
    />
  );
}

const Video = styled(Webcam)`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
`;
