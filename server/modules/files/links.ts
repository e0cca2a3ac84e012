/**
 * Short-lived signed links to stored files: `/files/<id>?exp=<unix seconds>&sig=<hex>`, where
 * `sig` is HMAC-SHA256 over `<id>.<exp>` with the link-signing subkey. Only the server issues
 * them, to a file's owner or to an admin, so holding a valid link is the permission to read.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { filesKeysFor, type FilesKeyConfig } from './keys';

/** How long an issued link works by default. */
export const FILE_LINK_TTL_MS = 5 * 60_000;
/** No link may live longer than this, whoever signed it. */
export const FILE_LINK_MAX_TTL_MS = 60 * 60_000;

/** A file id as PostgreSQL prints a uuid. */
export const FILE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXP_PATTERN = /^[1-9][0-9]{0,11}$/;
const SIG_PATTERN = /^[0-9a-f]{64}$/;
const SIGNING_KEY_BYTES = 32;

export type LinkCheck = { ok: true; expiresAtMs: number } | { ok: false };

export interface FileLinks {
  /** A link to the file valid for `ttlMs` from `nowMs`. */
  sign(fileId: string, ttlMs?: number, nowMs?: number): string;
  /** Checks the `exp` and `sig` query values of a request for `fileId`. */
  verify(fileId: string, exp: unknown, sig: unknown, nowMs?: number): LinkCheck;
}

/** The unsigned path of a file, as `/upload` answers it and as claims refer to it. */
export function fileUrlOf(fileId: string): string {
  assertFileId(fileId);
  return `/files/${fileId}`;
}

export function assertFileId(fileId: string): void {
  if (!FILE_ID_PATTERN.test(fileId)) throw new Error(`Invalid file id: ${fileId}`);
}

function signature(signingKey: Buffer, fileId: string, expS: number): Buffer {
  return createHmac('sha256', signingKey).update(`${fileId}.${expS}`, 'utf8').digest();
}

export function signedFileLink(
  signingKey: Buffer,
  fileId: string,
  ttlMs = FILE_LINK_TTL_MS,
  nowMs = Date.now(),
): string {
  if (signingKey.length !== SIGNING_KEY_BYTES) throw new RangeError('Bad signing key');
  if (!Number.isInteger(ttlMs) || ttlMs < 1000 || ttlMs > FILE_LINK_MAX_TTL_MS) {
    throw new RangeError(`ttlMs must be 1000..${FILE_LINK_MAX_TTL_MS}, got ${ttlMs}`);
  }
  const expS = Math.floor((nowMs + ttlMs) / 1000);
  const sig = signature(signingKey, fileId, expS).toString('hex');
  return `${fileUrlOf(fileId)}?exp=${expS}&sig=${sig}`;
}

export function verifyFileLink(
  signingKey: Buffer,
  fileId: string,
  exp: unknown,
  sig: unknown,
  nowMs = Date.now(),
): LinkCheck {
  if (typeof exp !== 'string' || typeof sig !== 'string') return { ok: false };
  if (!FILE_ID_PATTERN.test(fileId) || !EXP_PATTERN.test(exp) || !SIG_PATTERN.test(sig)) {
    return { ok: false };
  }
  const expS = Number(exp);
  const expiresAtMs = expS * 1000;
  // One second of slack for the rounding in signedFileLink.
  if (expiresAtMs <= nowMs || expiresAtMs > nowMs + FILE_LINK_MAX_TTL_MS + 1000) {
    return { ok: false };
  }
  const expected = signature(signingKey, fileId, expS);
  // Constant time: the comparison must not tell an attacker how many bytes were right.
  if (!timingSafeEqual(Buffer.from(sig, 'hex'), expected)) return { ok: false };
  return { ok: true, expiresAtMs };
}

const linksByConfig = new WeakMap<FilesKeyConfig, FileLinks>();

/**
 * The link signer of a configuration. Made once per configuration (the key file is read and
 * the subkey derived once), so callers can sign a link per row of a list cheaply.
 */
export function createFileLinks(config: FilesKeyConfig): FileLinks {
  let links = linksByConfig.get(config);
  if (links === undefined) {
    const { signingKey } = filesKeysFor(config);
    links = {
      sign: (fileId, ttlMs, nowMs) => signedFileLink(signingKey, fileId, ttlMs, nowMs),
      verify: (fileId, exp, sig, nowMs) => verifyFileLink(signingKey, fileId, exp, sig, nowMs),
    };
    linksByConfig.set(config, links);
  }
  return links;
}
