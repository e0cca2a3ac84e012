/**
 * Short-lived signed links to stored files: `/files/<id>?exp=<unix seconds>&sig=<hex>`, where
 * `sig` is HMAC-SHA256 over `<id>.<exp>` with the link-signing subkey. Only the server issues
 * them, to a file's owner or to an admin, so holding a valid link is the permission to read.
 *
 * A link issued to an admin also names the admin: `&admin=<user id>`, with `sig` over
 * `<id>.<exp>.admin.<user id>`. The admin cannot be removed or changed without breaking the
 * signature, so `/files` knows who reads a document and records every such view in the audit
 * log (docs/principles.md, principle 3).
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

/** A valid link; `adminId` is set when it was issued to an admin, whose views are audited. */
export type LinkCheck = { ok: true; expiresAtMs: number; adminId?: string } | { ok: false };

export interface FileLinks {
  /** A link for the file's owner, valid for `ttlMs` from `nowMs`. */
  sign(fileId: string, ttlMs?: number, nowMs?: number): string;
  /** A link for the admin `adminId`: each read through it is audited. */
  signForAdmin(fileId: string, adminId: string, ttlMs?: number, nowMs?: number): string;
  /**
   * Checks the `exp`, `sig` and `admin` query values of a request for `fileId`; `admin` is
   * undefined for an owner's link.
   */
  verify(fileId: string, exp: unknown, sig: unknown, nowMs?: number, admin?: unknown): LinkCheck;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs short-lived links to stored files (owner and admins only get them). */
    fileLinks: FileLinks;
  }
}

/** The unsigned path of a file, as `/upload` answers it and as claims refer to it. */
export function fileUrlOf(fileId: string): string {
  assertFileId(fileId);
  return `/files/${fileId}`;
}

export function assertFileId(fileId: string): void {
  if (!FILE_ID_PATTERN.test(fileId)) throw new Error(`Invalid file id: ${fileId}`);
}

function signature(
  signingKey: Buffer,
  fileId: string,
  expS: number,
  adminId: string | null,
): Buffer {
  // Owner links keep the original message; admin links add a suffix no file id can contain.
  const message = adminId === null ? `${fileId}.${expS}` : `${fileId}.${expS}.admin.${adminId}`;
  return createHmac('sha256', signingKey).update(message, 'utf8').digest();
}

export function signedFileLink(
  signingKey: Buffer,
  fileId: string,
  ttlMs = FILE_LINK_TTL_MS,
  nowMs = Date.now(),
  adminId: string | null = null,
): string {
  if (signingKey.length !== SIGNING_KEY_BYTES) throw new RangeError('Bad signing key');
  if (!Number.isInteger(ttlMs) || ttlMs < 1000 || ttlMs > FILE_LINK_MAX_TTL_MS) {
    throw new RangeError(`ttlMs must be 1000..${FILE_LINK_MAX_TTL_MS}, got ${ttlMs}`);
  }
  if (adminId !== null && !FILE_ID_PATTERN.test(adminId)) {
    throw new Error(`Invalid admin id: ${adminId}`);
  }
  const expS = Math.floor((nowMs + ttlMs) / 1000);
  const sig = signature(signingKey, fileId, expS, adminId).toString('hex');
  const viewer = adminId === null ? '' : `&admin=${adminId}`;
  return `${fileUrlOf(fileId)}?exp=${expS}&sig=${sig}${viewer}`;
}

export function verifyFileLink(
  signingKey: Buffer,
  fileId: string,
  exp: unknown,
  sig: unknown,
  nowMs = Date.now(),
  admin: unknown = undefined,
): LinkCheck {
  if (typeof exp !== 'string' || typeof sig !== 'string') return { ok: false };
  if (!FILE_ID_PATTERN.test(fileId) || !EXP_PATTERN.test(exp) || !SIG_PATTERN.test(sig)) {
    return { ok: false };
  }
  // Present but not one user id (empty, repeated, malformed): not a link we issued.
  if (admin !== undefined && (typeof admin !== 'string' || !FILE_ID_PATTERN.test(admin))) {
    return { ok: false };
  }
  const adminId = admin === undefined ? null : admin;
  const expS = Number(exp);
  const expiresAtMs = expS * 1000;
  // One second of slack for the rounding in signedFileLink.
  if (expiresAtMs <= nowMs || expiresAtMs > nowMs + FILE_LINK_MAX_TTL_MS + 1000) {
    return { ok: false };
  }
  const expected = signature(signingKey, fileId, expS, adminId);
  // Constant time: the comparison must not tell an attacker how many bytes were right.
  if (!timingSafeEqual(Buffer.from(sig, 'hex'), expected)) return { ok: false };
  return adminId === null ? { ok: true, expiresAtMs } : { ok: true, expiresAtMs, adminId };
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
      signForAdmin: (fileId, adminId, ttlMs, nowMs) =>
        signedFileLink(signingKey, fileId, ttlMs, nowMs, adminId),
      verify: (fileId, exp, sig, nowMs, admin) =>
        verifyFileLink(signingKey, fileId, exp, sig, nowMs, admin),
    };
    linksByConfig.set(config, links);
  }
  return links;
}
