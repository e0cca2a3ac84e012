import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { kycMessages } from '../services/kyc-messages';
import { uploadMessages } from '../services/uploads';
import {
  FACE_SCAN_COUNTDOWN_S,
  faceScanMachine,
  type CapturedImage,
  type FaceUploadReport,
} from './face-scan.machine';
import { withFakeTimersPerTest } from '../testing/fake-timers';

const PREVIEW = 'data:image/png;base64,iVBORw0KGgo=';

interface FakeUpload {
  image: Blob;
  sendBack: (event: FaceUploadReport) => void;
  stopped: boolean;
}

withFakeTimersPerTest();

/** The machine with a fake webcam (`capture`) and a fake upload the test finishes by hand. */
function start(
  options: {
    capture?: () => Promise<CapturedImage>;
    previous?: { previewUrl: string; fileUrl: string };
  } = {},
) {
  const uploads: FakeUpload[] = [];
  const captures = vi.fn(
    options.capture ??
      (async () => ({ previewUrl: PREVIEW, blob: new Blob(['png'], { type: 'image/png' }) })),
  );
  const reportStarted = vi.fn();
  const reportCapture = vi.fn();
  const reportCleared = vi.fn();
  const logic = faceScanMachine.provide({
    actors: {
      captureImage: fromPromise(() => captures()),
      uploadImage: fromCallback<EventObject, { image: Blob }>(({ input, sendBack }) => {
        const upload: FakeUpload = { image: input.image, sendBack, stopped: false };
        uploads.push(upload);
        return () => {
          upload.stopped = true;
        };
      }),
    },
    actions: {
      reportStarted: () => reportStarted(),
      reportCapture: (_, params) => reportCapture(params),
      reportCleared: () => reportCleared(),
    },
  });
  const actor = createActor(logic, { input: { previous: options.previous ?? null } });
  actor.start();
  return { actor, uploads, captures, reportStarted, reportCapture, reportCleared };
}

const state = (t: ReturnType<typeof start>) => t.actor.getSnapshot().value;

/** Turns the camera on and starts the 3 s countdown to the capture. */
function startCountdown(t: ReturnType<typeof start>) {
  t.actor.send({ type: 'START_CAMERA' });
  t.actor.send({ type: 'CAMERA.READY' });
  t.actor.send({ type: 'CAPTURE' });
}

/** Runs the countdown through, so the frame is captured (and its upload starts). */
async function captureAfterCountdown(t: ReturnType<typeof start>) {
  startCountdown(t);
  await vi.advanceTimersByTimeAsync(3000);
}

describe('face scan machine', () => {
  it('starts the camera, counts down 3 s, captures, uploads and shows the image', async () => {
    const t = start();
    expect(state(t)).toBe('idle');
    t.actor.send({ type: 'CAPTURE' });
    expect(state(t)).toBe('idle');
    t.actor.send({ type: 'START_CAMERA' });
    expect(state(t)).toBe('starting');
    expect(t.reportStarted).toHaveBeenCalledOnce();
    t.actor.send({ type: 'CAMERA.READY' });
    expect(state(t)).toBe('live');

    t.actor.send({ type: 'CAPTURE' });
    expect(state(t)).toBe('countdown');
    expect(t.actor.getSnapshot().context.secondsLeft).toBe(FACE_SCAN_COUNTDOWN_S);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.actor.getSnapshot().context.secondsLeft).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.actor.getSnapshot().context.secondsLeft).toBe(1);
    expect(t.captures).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.captures).toHaveBeenCalledOnce();
    expect(state(t)).toBe('uploading');

    const upload = t.uploads[0];
    if (!upload) throw new Error('no upload');
    expect(upload.image.type).toBe('image/png');
    upload.sendBack({ type: 'UPLOAD.PROGRESS', percent: 37 });
    expect(t.actor.getSnapshot().context.percent).toBe(37);
    upload.sendBack({ type: 'UPLOAD.DONE', fileUrl: '/files/face' });
    expect(state(t)).toBe('done');
    expect(t.actor.getSnapshot().context).toMatchObject({
      fileUrl: '/files/face',
      capture: { previewUrl: PREVIEW },
    });
    expect(t.reportCapture).toHaveBeenCalledWith({ fileUrl: '/files/face', previewUrl: PREVIEW });
  });

  it('stops the countdown when it is left, so no capture happens', async () => {
    const t = start();
    startCountdown(t);
    await vi.advanceTimersByTimeAsync(1500);
    t.actor.send({ type: 'CANCEL' });
    expect(state(t)).toBe('live');
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.captures).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);

    // Stopping the whole machine mid-countdown leaves no timer either.
    t.actor.send({ type: 'CAPTURE' });
    expect(vi.getTimerCount()).toBe(1);
    t.actor.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says when the camera cannot be used, and can try again', () => {
    const t = start();
    t.actor.send({ type: 'START_CAMERA' });
    t.actor.send({ type: 'CAMERA.ERROR' });
    expect(state(t)).toBe('cameraError');
    expect(t.actor.getSnapshot().context.error).toBe(kycMessages.cameraUnavailable);
    t.actor.send({ type: 'START_CAMERA' });
    expect(state(t)).toBe('starting');
    expect(t.actor.getSnapshot().context.error).toBeNull();
    // Both starts told the wizard, which then puts its "complete the face scan" away.
    expect(t.reportStarted).toHaveBeenCalledTimes(2);
  });

  it('says when the capture fails and goes back to the live picture', async () => {
    const t = start({
      capture: () => Promise.reject(new Error('no frame')),
    });
    await captureAfterCountdown(t);
    expect(state(t)).toBe('live');
    expect(t.actor.getSnapshot().context.error).toBe(kycMessages.captureFailed);
    expect(t.uploads).toHaveLength(0);
  });

  it('a failed upload can be sent again or retaken', async () => {
    const t = start();
    await captureAfterCountdown(t);
    t.uploads[0]?.sendBack({ type: 'UPLOAD.FAILED', reason: uploadMessages.failed });
    expect(state(t)).toBe('uploadFailed');
    expect(t.actor.getSnapshot().context.error).toBe(uploadMessages.failed);
    t.actor.send({ type: 'RETRY_UPLOAD' });
    expect(state(t)).toBe('uploading');
    expect(t.uploads).toHaveLength(2);
    expect(t.uploads[1]?.image).toBe(t.uploads[0]?.image);
    t.uploads[1]?.sendBack({ type: 'UPLOAD.FAILED', reason: uploadMessages.failed });
    t.actor.send({ type: 'RETAKE' });
    expect(state(t)).toBe('starting');
    expect(t.reportCapture).not.toHaveBeenCalled();
    // Nothing had reached the wizard, so there is nothing to take back.
    expect(t.reportCleared).not.toHaveBeenCalled();
  });

  it('Retake clears the image and tells the wizard', () => {
    const t = start({ previous: { previewUrl: PREVIEW, fileUrl: '/files/face' } });
    expect(state(t)).toBe('done');
    t.actor.send({ type: 'RETAKE' });
    expect(state(t)).toBe('starting');
    expect(t.actor.getSnapshot().context).toMatchObject({ capture: null, fileUrl: null });
    expect(t.reportCleared).toHaveBeenCalledOnce();
  });

  it('leaving during the upload stops it', async () => {
    const t = start();
    await captureAfterCountdown(t);
    t.actor.stop();
    expect(t.uploads[0]?.stopped).toBe(true);
  });
});
