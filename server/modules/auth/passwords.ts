/**
 * Password hashing with scrypt at OWASP parameters (N=2^15, r=8, p=3: 32 MiB per hash).
 * Hashes run on libuv's thread pool; a semaphore caps how many run at once so a burst of
 * sign-ins cannot exhaust memory. Stored as `scrypt$N$r$p$salt$hash` (base64), so the
 * parameters can be raised later and old hashes still verify.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Semaphore } from '../../lib/semaphore';

const COST_N = 2 ** 15;
const BLOCK_SIZE_R = 8;
const PARALLELISM_P = 3;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const MAX_CONCURRENT_HASHES = 4;
const MAX_QUEUED_HASHES = 256;

const hashSlots = new Semaphore(MAX_CONCURRENT_HASHES, MAX_QUEUED_HASHES);

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 128 * (options.N ?? COST_N) * (options.r ?? BLOCK_SIZE_R) * 2;
  return hashSlots.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...options, maxmem }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, { N: COST_N, r: BLOCK_SIZE_R, p: PARALLELISM_P });
  return [
    'scrypt',
    COST_N,
    BLOCK_SIZE_R,
    PARALLELISM_P,
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
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
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
