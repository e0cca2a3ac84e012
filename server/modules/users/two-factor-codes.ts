/**
 * The cryptography of the second factor: TOTP codes (RFC 6238, the `otpauth` library), the
 * secrets' encryption at rest, recovery codes and sign-in challenges. No SQL here.
 *
 * A secret is stored as AES-256-GCM ciphertext under a key derived (HKDF-SHA-256) for this
 * purpose only from an installation secret, with the user's id as associated data: a
 * database dump alone yields no secret, and a ciphertext copied onto another user's row does
 * not decrypt.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
} from '../../../common/rules';
import type { Db } from '../../db/client';
import { installationSecret } from '../../db/installation-secrets';

/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'TradeWallet';
/** The installation secret the encryption key is derived from. */
const KEY_SOURCE_NAME = 'two-factor-secrets';
const KEY_SOURCE_BYTES = 32;
const KEY_INFO = 'tradewallet two-factor secret encryption v1';
const CIPHERTEXT_VERSION = 'v1';
/** 160-bit secrets, as RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;
/** Recovery code letters: no 0/O, 1/I, so a code copied by hand is read back right. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The key that encrypts second-factor secrets on this installation (made once, cached). */
export function twoFactorKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = installationSecret(db, KEY_SOURCE_NAME, KEY_SOURCE_BYTES).then((source) =>
      Buffer.from(hkdfSync('sha256', source, Buffer.alloc(0), KEY_INFO, 32)),
    );
    // A failed read is not cached: the next request tries again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export function encryptSecret(key: Buffer, userId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [CIPHERTEXT_VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, userId: string, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== CIPHERTEXT_VERSION || !iv || !tag || ciphertext === undefined) {
    throw new Error('A stored second-factor secret has an unknown form');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** A new random secret, in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totpOf(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The `otpauth://totp/...` address a QR code carries. */
export function otpauthUrl(base32: string, label: string): string {
  return totpOf(base32, label).toString();
}

/** The 30 s step of a time. */
export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step whose code `code` is, within one step of `nowMs` either way; null when it is no
 * such code. Whether the step was used before is the caller's question.
 */
export function matchingStep(base32: string, code: string, nowMs: number): number | null {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  const delta = totpOf(base32, 'check').validate({
    token: code,
    timestamp: nowMs,
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? null : stepAt(nowMs) + delta;
}

/** The code of `base32` at `nowMs` (the demo's and the tests' side of an authenticator). */
export function totpCodeAt(base32: string, nowMs: number): string {
  return totpOf(base32, 'code').generate({ timestamp: nowMs });
}

/** Whether a typed code looks like a recovery code (spaces dropped, any case). */
export function normalizeRecoveryCode(code: string): string | null {
  const normalized = code.replace(/\s+/g, '').toUpperCase();
  return RECOVERY_CODE_PATTERN.test(normalized) ? normalized : null;
}

export function hashRecoveryCode(normalized: string): string {
  return createHash('sha256').update(`recovery:${normalized}`).digest('hex');
}

/** Ten fresh recovery codes as shown once to the user. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const letters = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    codes.add(`${letters.slice(0, 5)}-${letters.slice(5)}`);
  }
  return [...codes];
}

/** A sign-in challenge: 256 random bits, base64url; only its SHA-256 is stored. */
export function newChallenge(): string {
  return randomBytes(32).toString('base64url');
}

export function hashChallenge(challenge: string): string {
  return createHash('sha256').update(`challenge:${challenge}`).digest('hex');
}

export function looksLikeChallenge(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
