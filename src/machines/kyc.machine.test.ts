import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import type { CreateKycBody, Kyc } from '../../common/contract';
import { UPLOAD_MAX_BYTES } from '../../common/rules';
import { ApiError } from '../services/api-error';
import { fieldErrorMessages } from '../services/error-messages';
import { kycMessages } from '../services/kyc-messages';
import { uploadMessages } from '../services/uploads';
import { nthReply } from '../testing/fake-submission';
import { faceScanMachine, type FaceUploadReport } from './face-scan.machine';
import { kycMachine, type KycActorRef } from './kyc.machine';
import {
  visibleKycErrors,
  type DocumentUploadInput,
  type DocumentUploadReport,
  type KycInputField,
} from './kyc-form';
import type { WalletNotice } from './submission';

const TODAY = '2026-03-15';

/** What the test types on the wizard's first two steps, and finds again in the request. */
const PERSONAL = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' };
const ADDRESS = {
  street: '12 St James Square',
  city: 'London',
  state: 'Greater London',
  postalCode: 'SW1Y 4JH',
  country: 'UK',
};

const kyc: Kyc = {
  _id: 'kyc-1',
  ...PERSONAL,
  middleName: null,
  ...ADDRESS,
  employmentStatus: 'Employed',
  annualIncome: '50000.000000',
  documentType: 'ID',
  idFront: '/files/a?exp=1&sig=x',
  idBack: '/files/b?exp=1&sig=x',
  cameraRoll: '/files/c?exp=1&sig=x',
  status: 'Pending',
  reason: null,
  createdAt: '2026-03-15T10:00:00.000Z',
  decidedAt: null,
};

/** An upload the test finishes by hand through `uploads`. */
interface FakeUpload {
  input: DocumentUploadInput;
  sendBack: (event: DocumentUploadReport) => void;
  stopped: boolean;
}

/** The face upload of the scan child, finished by hand through `faceUploads`. */
interface FakeFaceUpload {
  sendBack: (event: FaceUploadReport) => void;
  stopped: boolean;
}

const PREVIEW = 'data:image/png;base64,iVBORw0KGgo=';

/** The server's refusal of a form that names an upload it no longer has (expired, or never stored). */
const uploadNotFound = (field: keyof CreateKycBody) =>
  new ApiError({
    status: 400,
    serverMessage: 'Upload not found. Please upload the image again.',
    code: 'invalid_upload',
    field,
  });

/** The real face scan machine with a fake webcam and a fake upload. */
function fakeFaceScan(faceUploads: FakeFaceUpload[], captures: () => void) {
  return faceScanMachine.provide({
    actors: {
      captureImage: fromPromise(async () => {
        captures();
        return { previewUrl: PREVIEW, blob: new Blob(['png'], { type: 'image/png' }) };
      }),
      uploadImage: fromCallback<EventObject, { image: Blob }>(({ sendBack }) => {
        const upload: FakeFaceUpload = { sendBack, stopped: false };
        faceUploads.push(upload);
        return () => {
          upload.stopped = true;
        };
      }),
    },
  });
}

function start(replies: (Kyc | Error)[] = [kyc]) {
  const uploads: FakeUpload[] = [];
  const faceUploads: FakeFaceUpload[] = [];
  const captures = vi.fn();
  const submitted: CreateKycBody[] = [];
  const goToLog = vi.fn();
  const refreshUser = vi.fn();
  const logic = kycMachine.provide({
    actors: {
      faceScan: fakeFaceScan(faceUploads, captures),
      uploadDocument: fromCallback<EventObject, DocumentUploadInput>(({ input, sendBack }) => {
        const upload: FakeUpload = { input, sendBack, stopped: false };
        uploads.push(upload);
        return () => {
          upload.stopped = true;
        };
      }),
      submitKyc: fromPromise(async ({ input }) => {
        submitted.push(input);
        return nthReply(replies, submitted.length);
      }),
    },
    actions: { goToLog: () => goToLog(), refreshUser: () => refreshUser() },
  });
  const actor = createActor(logic, { input: { today: TODAY } });
  const notices: WalletNotice[] = [];
  actor.on('notice', (notice) => notices.push(notice));
  actor.start();
  return { actor, uploads, faceUploads, captures, submitted, goToLog, refreshUser, notices };
}

const step = (actor: KycActorRef) => {
  const value = actor.getSnapshot().value;
  return typeof value === 'string' ? value : (value as { editing: string }).editing;
};

function fill(actor: KycActorRef, values: Partial<Record<KycInputField, string>>) {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'CHANGE', field: field as KycInputField, value });
  }
}

const png = (name: string, size = 1024) =>
  new File([new Uint8Array(Math.min(size, 16))], name, { type: 'image/png' }) as File & {
    size: number;
  };

function bigPng(name: string): File {
  const file = png(name);
  Object.defineProperty(file, 'size', { value: UPLOAD_MAX_BYTES + 1 });
  return file;
}

/** Fills the first four steps and finishes both uploads. */
function throughDocuments(t: ReturnType<typeof start>) {
  const { actor, uploads } = t;
  fill(actor, PERSONAL);
  actor.send({ type: 'NEXT' });
  fill(actor, ADDRESS);
  actor.send({ type: 'NEXT' });
  fill(actor, { employmentStatus: 'Employed', annualIncome: '50000' });
  actor.send({ type: 'NEXT' });
  actor.send({ type: 'DOCUMENT.CHOOSE', slot: 'idFront', file: png('front.png') });
  actor.send({ type: 'DOCUMENT.CHOOSE', slot: 'idBack', file: png('back.png') });
  for (const upload of uploads.slice(-2)) {
    upload.sendBack({
      type: 'DOCUMENT.DONE',
      slot: upload.input.slot,
      uploadId: upload.input.uploadId,
      fileUrl: `/files/${upload.input.slot}`,
    });
  }
  actor.send({ type: 'NEXT' });
}

describe('kyc machine', () => {
  it('refuses NEXT on an invalid step and marks its fields touched', () => {
    const { actor } = start();
    expect(step(actor)).toBe('personal');
    expect(visibleKycErrors(actor.getSnapshot().context)).toEqual({});
    actor.send({ type: 'NEXT' });
    expect(step(actor)).toBe('personal');
    expect(visibleKycErrors(actor.getSnapshot().context)).toEqual({
      firstName: fieldErrorMessages.firstNameRequired,
      lastName: fieldErrorMessages.lastNameRequired,
      dateOfBirth: fieldErrorMessages.dateOfBirthRequired,
    });
    // Fields of later steps are not touched yet.
    expect(actor.getSnapshot().context.touched.street).toBeUndefined();
  });

  it('refuses a date of birth after today, and anyone under 18', () => {
    const { actor } = start();
    fill(actor, { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '2026-03-16' });
    actor.send({ type: 'NEXT' });
    expect(step(actor)).toBe('personal');
    expect(visibleKycErrors(actor.getSnapshot().context).dateOfBirth).toBe(
      fieldErrorMessages.dateOfBirthFuture,
    );
    // One day short of 18, then the 18th birthday itself.
    fill(actor, { dateOfBirth: '2008-03-16' });
    actor.send({ type: 'NEXT' });
    expect(step(actor)).toBe('personal');
    expect(visibleKycErrors(actor.getSnapshot().context).dateOfBirth).toBe(
      fieldErrorMessages.dateOfBirthUnderAge,
    );
    fill(actor, { dateOfBirth: '2008-03-15' });
    actor.send({ type: 'NEXT' });
    expect(step(actor)).toBe('address');
  });

  it('goes back on every step but the first', () => {
    const t = start();
    t.actor.send({ type: 'BACK' });
    expect(step(t.actor)).toBe('personal');
    throughDocuments(t);
    expect(step(t.actor)).toBe('faceScan');
    for (const expected of ['documents', 'income', 'address', 'personal', 'personal']) {
      t.actor.send({ type: 'BACK' });
      expect(step(t.actor)).toBe(expected);
    }
    // The values stay: forward again without typing anything.
    for (let i = 0; i < 4; i += 1) t.actor.send({ type: 'NEXT' });
    expect(step(t.actor)).toBe('faceScan');
  });

  it('refuses a negative or non-numeric income', () => {
    const t = start();
    fill(t.actor, { firstName: 'Ada', lastName: 'L', dateOfBirth: '1990-01-01' });
    t.actor.send({ type: 'NEXT' });
    fill(t.actor, { street: 's', city: 'c', state: 's', postalCode: '1', country: 'DE' });
    t.actor.send({ type: 'NEXT' });
    fill(t.actor, { employmentStatus: 'Student', annualIncome: '-5' });
    t.actor.send({ type: 'NEXT' });
    expect(step(t.actor)).toBe('income');
    expect(visibleKycErrors(t.actor.getSnapshot().context).annualIncome).toBe(
      fieldErrorMessages.annualIncomeNegative,
    );
    fill(t.actor, { annualIncome: 'abc' });
    expect(visibleKycErrors(t.actor.getSnapshot().context).annualIncome).toBe(
      fieldErrorMessages.annualIncomeNotNumber,
    );
    fill(t.actor, { annualIncome: '0' });
    t.actor.send({ type: 'NEXT' });
    expect(step(t.actor)).toBe('documents');
  });

  it('uploads documents with progress, refuses files over 10 MB before sending', () => {
    const t = start();
    throughDocuments(t);
    t.actor.send({ type: 'BACK' });
    t.actor.send({ type: 'DOCUMENT.CHOOSE', slot: 'idFront', file: bigPng('huge.png') });
    const context = t.actor.getSnapshot().context;
    expect(context.uploads.idFront).toMatchObject({
      status: 'failed',
      error: uploadMessages.tooLarge,
    });
    expect(context.values.idFront).toBe('');
    expect(t.uploads).toHaveLength(2);
    t.actor.send({ type: 'NEXT' });
    expect(step(t.actor)).toBe('documents');

    t.actor.send({ type: 'DOCUMENT.CHOOSE', slot: 'idFront', file: png('again.png') });
    const upload = t.uploads[2];
    if (!upload) throw new Error('no upload started');
    expect(upload.input.file.name).toBe('again.png');
    upload.sendBack({
      type: 'DOCUMENT.PROGRESS',
      slot: 'idFront',
      uploadId: upload.input.uploadId,
      percent: 42,
    });
    expect(t.actor.getSnapshot().context.uploads.idFront).toMatchObject({
      status: 'uploading',
      percent: 42,
    });
    upload.sendBack({
      type: 'DOCUMENT.FAILED',
      slot: 'idFront',
      uploadId: upload.input.uploadId,
      reason: uploadMessages.failed,
    });
    expect(t.actor.getSnapshot().context.uploads.idFront).toMatchObject({
      status: 'failed',
      error: uploadMessages.failed,
    });
  });

  it('ignores the reports of an upload that was replaced', () => {
    const t = start();
    throughDocuments(t);
    t.actor.send({ type: 'BACK' });
    t.actor.send({ type: 'DOCUMENT.CHOOSE', slot: 'idBack', file: png('one.png') });
    const first = t.uploads[2];
    t.actor.send({ type: 'DOCUMENT.CHOOSE', slot: 'idBack', file: png('two.png') });
    if (!first) throw new Error('no upload started');
    expect(first.stopped).toBe(true);
    first.sendBack({
      type: 'DOCUMENT.DONE',
      slot: 'idBack',
      uploadId: first.input.uploadId,
      fileUrl: '/files/old',
    });
    expect(t.actor.getSnapshot().context.values.idBack).toBe('');
    expect(t.actor.getSnapshot().context.uploads.idBack.fileName).toBe('two.png');
  });

  it('changing the document type stops the uploads and clears both images', () => {
    const t = start();
    throughDocuments(t);
    t.actor.send({ type: 'BACK' });
    t.actor.send({ type: 'DOCUMENT.CHOOSE', slot: 'idFront', file: png('slow.png') });
    const running = t.uploads[2];
    expect(t.actor.getSnapshot().context.values.idBack).toBe('/files/idBack');

    t.actor.send({ type: 'CHANGE', field: 'documentType', value: 'Passport' });
    const context = t.actor.getSnapshot().context;
    expect(context.values).toMatchObject({ documentType: 'Passport', idFront: '', idBack: '' });
    expect(context.uploads.idFront.status).toBe('empty');
    expect(context.uploads.idBack.status).toBe('empty');
    expect(running?.stopped).toBe(true);
    // Choosing the same type again changes nothing.
    t.actor.send({ type: 'DOCUMENT.CHOOSE', slot: 'idFront', file: png('p.png') });
    t.actor.send({ type: 'CHANGE', field: 'documentType', value: 'Passport' });
    expect(t.actor.getSnapshot().context.uploads.idFront.status).toBe('uploading');
    t.actor.send({ type: 'NEXT' });
    expect(step(t.actor)).toBe('documents');
    expect(visibleKycErrors(t.actor.getSnapshot().context).idBack).toBe(
      fieldErrorMessages.idBackRequired,
    );
  });

  it('blocks submitting without a face scan', () => {
    const t = start();
    throughDocuments(t);
    t.actor.send({ type: 'SUBMIT' });
    expect(step(t.actor)).toBe('faceScan');
    expect(t.submitted).toHaveLength(0);
    expect(t.notices).toEqual([
      { type: 'notice', tone: 'error', message: kycMessages.faceScanMissing },
    ]);
    const context = t.actor.getSnapshot().context;
    expect(context.failure).toBe(kycMessages.faceScanMissing);
    expect(visibleKycErrors(context).cameraRoll).toBe(fieldErrorMessages.cameraRollRequired);

    // Starting the camera puts the messages away until the next submit.
    t.actor.send({ type: 'FACE.STARTED' });
    expect(t.actor.getSnapshot().context.failure).toBeNull();
    expect(visibleKycErrors(t.actor.getSnapshot().context).cameraRoll).toBeUndefined();
    t.actor.send({ type: 'SUBMIT' });
    expect(t.actor.getSnapshot().context.failure).toBe(kycMessages.faceScanMissing);
  });

  it('submits the form, says so, refreshes the user and goes to the log', async () => {
    const t = start();
    throughDocuments(t);
    t.actor.send({
      type: 'FACE.CAPTURED',
      fileUrl: '/files/face',
      previewUrl: 'data:image/png;base64,AA',
    });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('submitted'));
    expect(t.submitted).toEqual([
      {
        ...PERSONAL,
        ...ADDRESS,
        employmentStatus: 'Employed',
        annualIncome: '50000',
        documentType: 'ID',
        idFront: '/files/idFront',
        idBack: '/files/idBack',
        cameraRoll: '/files/face',
      },
    ]);
    expect(t.notices).toEqual([
      { type: 'notice', tone: 'success', message: kycMessages.submitted },
    ]);
    expect(t.goToLog).toHaveBeenCalledOnce();
    expect(t.refreshUser).toHaveBeenCalledOnce();
  });

  it('a retake clears the face scan again', () => {
    const t = start();
    throughDocuments(t);
    t.actor.send({ type: 'FACE.CAPTURED', fileUrl: '/files/face', previewUrl: 'data:,' });
    t.actor.send({ type: 'FACE.CLEARED' });
    t.actor.send({ type: 'SUBMIT' });
    expect(t.submitted).toHaveLength(0);
    expect(t.actor.getSnapshot().context.facePreviewUrl).toBeNull();
  });

  it('on failure says so, and sends the user to the step of a refused field', async () => {
    const refused = uploadNotFound('idBack');
    const t = start([refused, new ApiError({ status: 0 }), kyc]);
    throughDocuments(t);
    t.actor.send({ type: 'FACE.CAPTURED', fileUrl: '/files/face', previewUrl: 'data:,' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => !s.matches('submitting'));
    expect(step(t.actor)).toBe('documents');
    expect(t.notices).toEqual([{ type: 'notice', tone: 'error', message: kycMessages.failed }]);
    let context = t.actor.getSnapshot().context;
    expect(context.values.idBack).toBe('');
    expect(visibleKycErrors(context).idBack).toBeDefined();
    t.actor.send({ type: 'NEXT' });
    expect(step(t.actor)).toBe('documents');

    // A new upload of the back image, then a network failure: stay on the last step.
    t.actor.send({ type: 'DOCUMENT.CHOOSE', slot: 'idBack', file: png('back2.png') });
    const upload = t.uploads.at(-1);
    if (!upload) throw new Error('no upload');
    upload.sendBack({
      type: 'DOCUMENT.DONE',
      slot: 'idBack',
      uploadId: upload.input.uploadId,
      fileUrl: '/files/back2',
    });
    t.actor.send({ type: 'NEXT' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => !s.matches('submitting'));
    expect(step(t.actor)).toBe('faceScan');
    context = t.actor.getSnapshot().context;
    expect(context.failure).not.toBeNull();

    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('submitted'));
    expect(t.submitted.at(-1)?.idBack).toBe('/files/back2');
  });

  it('a field rule refused by the server shows its translation on that step', async () => {
    const refused = new ApiError({
      status: 400,
      serverMessage: 'Date of Birth cannot be in the future',
      code: 'field',
      field: 'dateOfBirth',
      fieldCode: 'dateOfBirthFuture',
    });
    const t = start([refused]);
    throughDocuments(t);
    t.actor.send({ type: 'FACE.CAPTURED', fileUrl: '/files/face', previewUrl: 'data:,' });
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => !s.matches('submitting'));
    expect(step(t.actor)).toBe('personal');
    expect(visibleKycErrors(t.actor.getSnapshot().context).dateOfBirth).toBe(
      fieldErrorMessages.dateOfBirthFuture,
    );
    t.actor.send({ type: 'NEXT' });
    expect(step(t.actor)).toBe('personal');
    fill(t.actor, { dateOfBirth: '1990-12-11' });
    t.actor.send({ type: 'NEXT' });
    expect(step(t.actor)).toBe('address');
  });
});

describe('kyc machine: the face scan child', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const scan = (actor: KycActorRef) => actor.getSnapshot().children.faceScan;

  function scanOf(actor: KycActorRef) {
    const child = scan(actor);
    if (!child) throw new Error('no face scan child');
    return child;
  }

  /** On the face step: starts the camera and lets the 3 s countdown capture the face. */
  async function captureFace(t: ReturnType<typeof start>) {
    const child = scanOf(t.actor);
    child.send({ type: 'START_CAMERA' });
    child.send({ type: 'CAMERA.READY' });
    child.send({ type: 'CAPTURE' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(child.getSnapshot().value).toBe('uploading');
    const upload = t.faceUploads.at(-1);
    if (!upload) throw new Error('no face upload');
    return upload;
  }

  it('runs the scan as the child faceScan on the face step only', () => {
    const t = start();
    expect(scan(t.actor)).toBeUndefined();
    throughDocuments(t);
    expect(scan(t.actor)?.id).toBe('faceScan');
    expect(scan(t.actor)?.getSnapshot().value).toBe('idle');
  });

  it('the captured face reaches the wizard, which submits it', async () => {
    vi.useFakeTimers();
    const t = start();
    throughDocuments(t);
    t.actor.send({ type: 'SUBMIT' });
    expect(t.actor.getSnapshot().context.failure).toBe(kycMessages.faceScanMissing);

    const upload = await captureFace(t);
    // Starting the camera told the wizard, which put its message away.
    expect(t.actor.getSnapshot().context.failure).toBeNull();
    expect(t.captures).toHaveBeenCalledOnce();
    upload.sendBack({ type: 'UPLOAD.PROGRESS', percent: 50 });
    expect(t.actor.getSnapshot().context.values.cameraRoll).toBe('');
    upload.sendBack({ type: 'UPLOAD.DONE', fileUrl: '/files/face' });
    expect(t.actor.getSnapshot().context).toMatchObject({
      values: { cameraRoll: '/files/face' },
      facePreviewUrl: PREVIEW,
    });

    t.actor.send({ type: 'SUBMIT' });
    // The step stays on screen while the request is out, with the captured face.
    expect(t.actor.getSnapshot().matches('submitting')).toBe(true);
    expect(scanOf(t.actor).getSnapshot().value).toBe('done');
    expect(scanOf(t.actor).getSnapshot().context.capture?.previewUrl).toBe(PREVIEW);
    await waitFor(t.actor, (s) => s.matches('submitted'));
    expect(t.submitted[0]?.cameraRoll).toBe('/files/face');
    expect(scan(t.actor)).toBeUndefined();
  });

  it('leaving the step stops the scan, its countdown and its upload', async () => {
    vi.useFakeTimers();
    const t = start();
    throughDocuments(t);
    const child = scanOf(t.actor);
    child.send({ type: 'START_CAMERA' });
    child.send({ type: 'CAMERA.READY' });
    child.send({ type: 'CAPTURE' });
    expect(vi.getTimerCount()).toBe(1);
    t.actor.send({ type: 'BACK' });
    expect(scan(t.actor)).toBeUndefined();
    expect(child.getSnapshot().status).toBe('stopped');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.captures).not.toHaveBeenCalled();

    // Back on the step, a new scan starts from the beginning.
    t.actor.send({ type: 'NEXT' });
    expect(scanOf(t.actor)).not.toBe(child);
    expect(scanOf(t.actor).getSnapshot().value).toBe('idle');
    const upload = await captureFace(t);
    t.actor.send({ type: 'BACK' });
    expect(upload.stopped).toBe(true);
    expect(t.actor.getSnapshot().context.values.cameraRoll).toBe('');
  });

  it('coming back shows the captured face again, and Retake takes it back', async () => {
    vi.useFakeTimers();
    const t = start();
    throughDocuments(t);
    (await captureFace(t)).sendBack({ type: 'UPLOAD.DONE', fileUrl: '/files/face' });
    t.actor.send({ type: 'BACK' });
    t.actor.send({ type: 'NEXT' });
    const child = scanOf(t.actor);
    expect(child.getSnapshot().value).toBe('done');
    expect(child.getSnapshot().context).toMatchObject({
      fileUrl: '/files/face',
      capture: { previewUrl: PREVIEW },
    });

    child.send({ type: 'RETAKE' });
    expect(child.getSnapshot().value).toBe('starting');
    expect(t.actor.getSnapshot().context).toMatchObject({
      values: { cameraRoll: '' },
      facePreviewUrl: null,
    });
  });

  it('a failed or timed-out upload leaves the wizard without a face until it succeeds', async () => {
    vi.useFakeTimers();
    const t = start();
    throughDocuments(t);
    // A time-out is reported like any failed upload.
    (await captureFace(t)).sendBack({ type: 'UPLOAD.FAILED', reason: uploadMessages.failed });
    const child = scanOf(t.actor);
    expect(child.getSnapshot().value).toBe('uploadFailed');
    expect(t.actor.getSnapshot().context.values.cameraRoll).toBe('');
    t.actor.send({ type: 'SUBMIT' });
    expect(step(t.actor)).toBe('faceScan');
    expect(t.submitted).toHaveLength(0);
    expect(t.actor.getSnapshot().context.failure).toBe(kycMessages.faceScanMissing);
    // The failed scan is still there: the wizard's refusal did not restart it.
    expect(scan(t.actor)).toBe(child);

    child.send({ type: 'RETRY_UPLOAD' });
    t.faceUploads.at(-1)?.sendBack({ type: 'UPLOAD.DONE', fileUrl: '/files/face2' });
    expect(t.actor.getSnapshot().context.values.cameraRoll).toBe('/files/face2');
    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => s.matches('submitted'));
    expect(t.submitted[0]?.cameraRoll).toBe('/files/face2');
  });

  it('a camera that cannot be used leaves the wizard without a face', () => {
    const t = start();
    throughDocuments(t);
    t.actor.send({ type: 'SUBMIT' });
    const child = scanOf(t.actor);
    child.send({ type: 'START_CAMERA' });
    child.send({ type: 'CAMERA.ERROR' });
    expect(child.getSnapshot().value).toBe('cameraError');
    expect(t.actor.getSnapshot().context.values.cameraRoll).toBe('');
    t.actor.send({ type: 'SUBMIT' });
    expect(t.actor.getSnapshot().context.failure).toBe(kycMessages.faceScanMissing);
    // Try again is a start too.
    child.send({ type: 'START_CAMERA' });
    expect(t.actor.getSnapshot().context.failure).toBeNull();
  });

  it('after a failed submission the scan shows the face, or starts again if it was refused', async () => {
    vi.useFakeTimers();
    const refused = uploadNotFound('cameraRoll');
    const t = start([new ApiError({ status: 0 }), refused]);
    throughDocuments(t);
    (await captureFace(t)).sendBack({ type: 'UPLOAD.DONE', fileUrl: '/files/face' });

    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => !s.matches('submitting'));
    expect(step(t.actor)).toBe('faceScan');
    expect(scanOf(t.actor).getSnapshot().value).toBe('done');

    t.actor.send({ type: 'SUBMIT' });
    await waitFor(t.actor, (s) => !s.matches('submitting'));
    expect(step(t.actor)).toBe('faceScan');
    expect(scanOf(t.actor).getSnapshot().value).toBe('idle');
    const context = t.actor.getSnapshot().context;
    expect(context).toMatchObject({ values: { cameraRoll: '' }, facePreviewUrl: null });
    expect(visibleKycErrors(context).cameraRoll).toBeDefined();
  });
});
