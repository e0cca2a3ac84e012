import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FILE_LINK_MAX_TTL_MS, signedFileLink, verifyFileLink } from './links';

const key = randomBytes(32);
const fileId = randomUUID();
const nowMs = 1_800_000_000_000;

function parts(link: string) {
  const url = new URL(link, 'http://localhost');
  return {
    path: url.pathname,
    exp: url.searchParams.get('exp') ?? '',
    sig: url.searchParams.get('sig') ?? '',
  };
}

describe('signed file links', () => {
  it('signs a link that verifies until it expires', () => {
    const link = signedFileLink(key, fileId, 5 * 60_000, nowMs);
    const { path, exp, sig } = parts(link);
    expect(path).toBe(`/files/${fileId}`);
    expect(Number(exp)).toBe((nowMs + 5 * 60_000) / 1000);
    expect(verifyFileLink(key, fileId, exp, sig, nowMs)).toEqual({
      ok: true,
      expiresAtMs: nowMs + 5 * 60_000,
    });
    expect(verifyFileLink(key, fileId, exp, sig, nowMs + 5 * 60_000).ok).toBe(false);
  });

  it('refuses another id, another exp, another key, a tampered or malformed signature', () => {
    const { exp, sig } = parts(signedFileLink(key, fileId, 60_000, nowMs));
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    expect(verifyFileLink(key, randomUUID(), exp, sig, nowMs).ok).toBe(false);
    expect(verifyFileLink(key, fileId, String(Number(exp) + 1), sig, nowMs).ok).toBe(false);
    expect(verifyFileLink(randomBytes(32), fileId, exp, sig, nowMs).ok).toBe(false);
    expect(verifyFileLink(key, fileId, exp, flipped, nowMs).ok).toBe(false);
    expect(verifyFileLink(key, fileId, exp, sig.toUpperCase(), nowMs).ok).toBe(false);
    expect(verifyFileLink(key, fileId, exp, sig.slice(2), nowMs).ok).toBe(false);
    expect(verifyFileLink(key, fileId, [exp], sig, nowMs).ok).toBe(false);
    expect(verifyFileLink(key, fileId, undefined, undefined, nowMs).ok).toBe(false);
    expect(verifyFileLink(key, fileId, `${exp}.0`, sig, nowMs).ok).toBe(false);
  });

  it('refuses an expiry further away than any link may live', () => {
    const farNowMs = nowMs - 2 * FILE_LINK_MAX_TTL_MS;
    const { exp, sig } = parts(signedFileLink(key, fileId, FILE_LINK_MAX_TTL_MS, nowMs));
    expect(verifyFileLink(key, fileId, exp, sig, nowMs).ok).toBe(true);
    expect(verifyFileLink(key, fileId, exp, sig, farNowMs).ok).toBe(false);
    expect(() => signedFileLink(key, fileId, FILE_LINK_MAX_TTL_MS + 1, nowMs)).toThrow(RangeError);
    expect(() => signedFileLink(key, fileId, 0, nowMs)).toThrow(RangeError);
    expect(() => signedFileLink(key, '../etc/passwd', 60_000, nowMs)).toThrow();
  });
});

describe('admin links', () => {
  const adminId = randomUUID();

  function adminParts(link: string) {
    const url = new URL(link, 'http://localhost');
    return { ...parts(link), admin: url.searchParams.get('admin') ?? '' };
  }

  it('name the admin, who comes back from verify', () => {
    const { exp, sig, admin } = adminParts(signedFileLink(key, fileId, 60_000, nowMs, adminId));
    expect(admin).toBe(adminId);
    expect(verifyFileLink(key, fileId, exp, sig, nowMs, admin)).toEqual({
      ok: true,
      expiresAtMs: nowMs + 60_000,
      adminId,
    });
  });

  it('cannot lose or change their admin, and an owner link cannot gain one', () => {
    const admin = adminParts(signedFileLink(key, fileId, 60_000, nowMs, adminId));
    expect(verifyFileLink(key, fileId, admin.exp, admin.sig, nowMs).ok).toBe(false);
    expect(verifyFileLink(key, fileId, admin.exp, admin.sig, nowMs, randomUUID()).ok).toBe(false);
    expect(verifyFileLink(key, fileId, admin.exp, admin.sig, nowMs, [adminId]).ok).toBe(false);
    const owner = parts(signedFileLink(key, fileId, 60_000, nowMs));
    expect(verifyFileLink(key, fileId, owner.exp, owner.sig, nowMs, adminId).ok).toBe(false);
    expect(verifyFileLink(key, fileId, owner.exp, owner.sig, nowMs, '').ok).toBe(false);
    expect(() => signedFileLink(key, fileId, 60_000, nowMs, 'not-an-id')).toThrow();
  });
});
