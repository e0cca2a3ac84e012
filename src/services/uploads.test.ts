import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES, UPLOAD_TIMEOUT_MS } from '../../common/rules';
import {
  checkImageFile,
  uploadImage,
  uploadMessages,
  UploadError,
  type UploadTransport,
} from './uploads';

/** Node has no ProgressEvent; the code reads only these three fields. */
const progressEvent = (loaded = 0, total = 0) =>
  ({ lengthComputable: total > 0, loaded, total }) as ProgressEvent;

/** A fake XMLHttpRequest whose answer the test chooses after seeing the request. */
class FakeTransport implements UploadTransport {
  method = '';
  url = '';
  headers = new Map<string, string>();
  body: FormData | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;
  upload: UploadTransport['upload'] = { onprogress: null };
  onload: UploadTransport['onload'] = null;
  onerror: UploadTransport['onerror'] = null;
  ontimeout: UploadTransport['ontimeout'] = null;
  onabort: UploadTransport['onabort'] = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.(progressEvent());
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.(progressEvent());
  }
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'proof.png', { type: 'image/png' });

function start(file: Blob = png(), token: string | null = 'user-token') {
  const transport = new FakeTransport();
  const progress: number[] = [];
  const result = uploadImage(file, {
    createTransport: () => transport,
    readToken: () => token,
    now: () => 1_700_000_000_000,
    onProgress: (percent) => progress.push(percent),
  });
  return { transport, progress, result };
}

async function reasonOf(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UploadError);
  return (error as UploadError).reason;
}

describe('checkImageFile', () => {
  it('accepts JPG and PNG up to the limit', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: UPLOAD_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: 1 })).toBeNull();
  });

  it('refuses other types and larger files', () => {
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toBe(uploadMessages.invalidImage);
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe(uploadMessages.invalidImage);
    expect(checkImageFile({ type: 'image/png', size: UPLOAD_MAX_BYTES + 1 })).toBe(
      uploadMessages.tooLarge,
    );
  });
});

describe('uploadImage', () => {
  it('posts the file with the token and a timestamp, reports progress, answers the URL', async () => {
    const { transport, progress, result } = start();
    expect(transport.method).toBe('POST');
    expect(transport.url).toBe('/upload?timestamp=1700000000000');
    expect(transport.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(transport.headers.get('authorization')).toBe('Bearer user-token');
    expect(transport.body?.get('file')).toBeInstanceOf(File);
    transport.upload.onprogress?.(progressEvent(1, 3));
    transport.upload.onprogress?.(progressEvent(3, 3));
    transport.answer(201, { fileUrl: '/files/abc.png' });
    await expect(result).resolves.toBe('/files/abc.png');
    expect(progress).toEqual([33, 100, 100]);
  });

  it('sends no authorization header when signed out', () => {
    const { transport } = start(png(), null);
    expect(transport.headers.has('authorization')).toBe(false);
  });

  it('refuses a wrong type before sending anything', async () => {
    const createTransport = vi.fn(() => new FakeTransport());
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    const reason = await reasonOf(uploadImage(gif, { createTransport }));
    expect(reason).toBe(uploadMessages.invalidImage);
    expect(createTransport).not.toHaveBeenCalled();
  });

  it("says 'no file URL' when a success carries none", async () => {
    const { transport, result } = start();
    transport.answer(201, { ok: true });
    expect(await reasonOf(result)).toBe(uploadMessages.noFileUrl);
  });

  it.each([
    [413, { error: 'too large' }, uploadMessages.tooLarge],
    [415, { error: 'bad type' }, uploadMessages.invalidImage],
    [400, { error: 'bad', code: 'invalid_upload' }, uploadMessages.invalidImage],
    [429, { error: 'slow down' }, uploadMessages.tooMany],
    [500, 'oops', uploadMessages.failed],
  ])('maps a %i answer to its message', async (status, body, expected) => {
    const { transport, result } = start();
    transport.answer(status, body);
    expect(await reasonOf(result)).toBe(expected);
  });

  it('fails with the retry message on a network error or a time-out', async () => {
    const first = start();
    first.transport.onerror?.(progressEvent());
    expect(await reasonOf(first.result)).toBe(uploadMessages.failed);
    const second = start();
    second.transport.ontimeout?.(progressEvent());
    expect(await reasonOf(second.result)).toBe(uploadMessages.failed);
  });

  it('aborts the request when the caller aborts', async () => {
    const transport = new FakeTransport();
    const controller = new AbortController();
    const result = uploadImage(png(), {
      createTransport: () => transport,
      signal: controller.signal,
    });
    controller.abort();
    await expect(result).rejects.toBeDefined();
    expect(transport.aborted).toBe(true);
  });
});
