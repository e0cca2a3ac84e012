/**
 * Password hashing with scrypt at OWASP parameters (N=2^15, r=8, p=3: 32 MiB per hash).
 * Hashes run on libuv's thread pool; a semaphore caps how many run at once so a burst of
 * sign-ins cannot exhaust memory. Stored as `scrypt$N$r$p$salt$hash` (base64), so the
 * parameters can be raised later and old hashes still verify.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { Semaphore } from '../../lib/semaphore';

/** scrypt's cost parameters, as stored with each hash. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's parameters: every hash the server makes uses them. */
export const PASSWORD_HASH_PARAMS: Readonly<ScryptParams> = { N: 2 ** 15, r: 8, p: 3 };

/** Bounds for parameters read back from a stored hash (a corrupt row must not pin a core). */
const MAX_COST_N = 2 ** 20;
const MAX_BLOCK_SIZE_R = 32;
const MAX_PARALLELISM_P = 16;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const MAX_CONCURRENT_HASHES = 4;
const MAX_QUEUED_HASHES = 256;

const hashSlots = new Semaphore(MAX_CONCURRENT_HASHES, MAX_QUEUED_HASHES);

function scryptAsync(password: string, salt: Buffer, options: ScryptParams): Promise<Buffer> {
  const maxmem = 128 * options.N * options.r * 2;
  return hashSlots.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...options, maxmem }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

export function hashPassword(password: string): Promise<string> {
  return hashPasswordWith(password, PASSWORD_HASH_PARAMS);
}

/**
 * `hashPassword` at other parameters. Only the tests call it, with cheaper ones
 * (tests/setup/fast-password-hashing.ts); the server always hashes with PASSWORD_HASH_PARAMS.
 */
export async function hashPasswordWith(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, nText, rText, pText, saltText, keyText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const options = { N: Number(nText), r: Number(rText), p: Number(pText) };
  if (!withinBounds(options)) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function withinBounds({ N, r, p }: ScryptParams): boolean {
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  return (
    isPowerOfTwo &&
    N <= MAX_COST_N &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_BLOCK_SIZE_R &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_PARALLELISM_P
  );
}

/**
 * A hash of a random password, checked against when the account does not exist, so that a
 * sign-in for an unknown email takes as long as one for a known email.
 */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
