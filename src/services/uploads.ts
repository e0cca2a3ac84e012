import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { validate } from 'superstruct';
import { UploadResponse } from '../../common/contract';
import { UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES, UPLOAD_TIMEOUT_MS } from '../../common/rules';
import { reportUnauthorized } from './session-events';
import { tokenStorage } from './token-storage';

/**
 * Image uploads (deposit screenshots, later KYC documents): `POST /upload?timestamp={ms}`
 * with the file in the multipart field `file`, answered by `{ fileUrl }`. XMLHttpRequest
 * rather than fetch, because only it reports upload progress.
 */

/** The docs/product.md §8 texts of an upload that did not work. */
export const uploadMessages = {
  noFileUrl: msg`Upload failed: no file URL.`,
  failed: msg`Upload failed. Please try again.`,
  invalidImage: msg`Invalid image file.`,
  tooLarge: msg`File too large. Please upload an image under 10MB.`,
  tooMany: msg`Too many uploads. Please wait a minute and try again.`,
  previewFailed: msg`Image preview failed, uploading anyway...`,
} satisfies Record<string, MessageDescriptor>;

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(readonly reason: MessageDescriptor) {
    super(reason.message ?? reason.id);
  }
}

/** What an upload needs of XMLHttpRequest; tests supply a fake. */
export interface UploadTransport {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  timeout: number;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onload: ((event: ProgressEvent) => void) | null;
  onerror: ((event: ProgressEvent) => void) | null;
  ontimeout: ((event: ProgressEvent) => void) | null;
  onabort: ((event: ProgressEvent) => void) | null;
}

export interface UploadOptions {
  /** Called with whole percents, 0 to 100, as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  createTransport?: () => UploadTransport;
  /** The session token, sent so the server can tie the upload to its owner. */
  readToken?: () => string | null;
  now?: () => number;
}

/**
 * Refuses before any byte is sent what the server would refuse anyway: anything but a JPG
 * or PNG, and files over the size limit.
 */
export function checkImageFile(file: { type: string; size: number }): MessageDescriptor | null {
  if (!(UPLOAD_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    return uploadMessages.invalidImage;
  }
  if (file.size > UPLOAD_MAX_BYTES) return uploadMessages.tooLarge;
  return null;
}

const browserTransport = (): UploadTransport => new XMLHttpRequest();

/** Uploads `file` and answers its URL; fails with an `UploadError` carrying the reason. */
export function uploadImage(file: Blob, options: UploadOptions = {}): Promise<string> {
  const {
    onProgress,
    signal,
    timeoutMs = UPLOAD_TIMEOUT_MS,
    createTransport = browserTransport,
    readToken = () => tokenStorage.read('user'),
    now = Date.now,
  } = options;
  const refusal = checkImageFile(file);
  if (refusal) return Promise.reject(new UploadError(refusal));

  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const request = createTransport();
    const token = readToken();
    const onAbortSignal = () => request.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', onAbortSignal);
      outcome();
    };

    request.open('POST', `/upload?timestamp=${now()}`);
    request.timeout = timeoutMs;
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    request.onload = () =>
      settle(() => {
        const status = request.status;
        if (status >= 200 && status < 300) {
          const fileUrl = readFileUrl(request.responseText);
          if (fileUrl === null) reject(new UploadError(uploadMessages.noFileUrl));
          else {
            onProgress?.(100);
            resolve(fileUrl);
          }
          return;
        }
        if (status === 401 && token) reportUnauthorized();
        reject(new UploadError(reasonForStatus(status, request.responseText)));
      });
    request.onerror = () => settle(() => reject(new UploadError(uploadMessages.failed)));
    request.ontimeout = () => settle(() => reject(new UploadError(uploadMessages.failed)));
    request.onabort = () =>
      settle(() => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError')));
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const body = new FormData();
    body.append('file', file, file instanceof File ? file.name : 'image');
    request.send(body);
  });
}

function readFileUrl(responseText: string): string | null {
  let data: unknown;
  try {
    data = JSON.parse(responseText);
  } catch {
    return null;
  }
  const [failure, answer] = validate(data, UploadResponse, { mask: true });
  return failure || answer.fileUrl === '' ? null : answer.fileUrl;
}

function reasonForStatus(status: number, responseText: string): MessageDescriptor {
  if (status === 413) return uploadMessages.tooLarge;
  if (status === 415) return uploadMessages.invalidImage;
  if (status === 429) return uploadMessages.tooMany;
  const code = errorCode(responseText);
  if (code === 'unsupported_media_type' || code === 'invalid_upload') {
    return uploadMessages.invalidImage;
  }
  if (code === 'payload_too_large') return uploadMessages.tooLarge;
  return uploadMessages.failed;
}

function errorCode(responseText: string): string | undefined {
  try {
    const body: unknown = JSON.parse(responseText);
    if (typeof body === 'object' && body !== null && 'code' in body) {
      return typeof body.code === 'string' ? body.code : undefined;
    }
  } catch {
    // A body that is not JSON carries no code.
  }
  return undefined;
}
