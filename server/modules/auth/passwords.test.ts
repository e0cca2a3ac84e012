import { describe, expect, it, vi } from 'vitest';

// The real module: every other test file hashes at cheap parameters
// (tests/setup/fast-password-hashing.ts).
vi.unmock('./passwords');
const { PASSWORD_HASH_PARAMS, hashPassword, hashPasswordWith, verifyPassword } =
  await import('./passwords');

describe('passwords', () => {
  it("are hashed with scrypt at OWASP's parameters, stored with them and a fresh salt", async () => {
    expect(PASSWORD_HASH_PARAMS).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    const [first, second] = await Promise.all([
      hashPassword('correct horse battery staple'),
      hashPassword('correct horse battery staple'),
    ]);
    const [scheme, n, r, p, salt, key] = first.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '3']);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32);
    expect(second).not.toBe(first);
  });

  it('verify the right password only', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('verify a hash made at other parameters by the ones stored with it', async () => {
    const stored = await hashPasswordWith('tr0ub4dor&3', { N: 2 ** 10, r: 8, p: 1 });
    expect(stored.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('tr0ub4dor&3', stored)).toBe(true);
    expect(await verifyPassword('tr0ub4dor&4', stored)).toBe(false);
  });

  it('refuse stored hashes that are malformed or ask for unbounded work', async () => {
    const stored = await hashPasswordWith('pw', { N: 2 ** 10, r: 8, p: 1 });
    const [, , , , salt, key] = stored.split('$');
    const withParams = (n: string, r: string, p: string) =>
      ['scrypt', n, r, p, salt, key].join('$');
    for (const bad of [
      '',
      'bcrypt$10$abc',
      stored.replace('scrypt$', 'SCRYPT$'),
      withParams('1000', '8', '1'),
      withParams(String(2 ** 21), '8', '1'),
      withParams('1024', '0', '1'),
      withParams('1024', '8', '64'),
      withParams('NaN', '8', '1'),
    ]) {
      expect(await verifyPassword('pw', bad), bad).toBe(false);
    }
  });
});
