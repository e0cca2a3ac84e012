/** Opaque session tokens: 256 random bits, base64url; only their SHA-256 is stored. */
import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_BYTES } from '../../../common/rules';

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A well-formed token is 43 base64url characters; anything else is refused unhashed. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
