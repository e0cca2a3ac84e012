import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../common/rules';
import { MemoryStorage } from '../testing/memory-storage';
import { createTokenStorage } from './token-storage';

describe('token storage', () => {
  it('keeps one session: storing an admin token removes the user token', () => {
    const storage = new MemoryStorage();
    const tokens = createTokenStorage(storage);
    tokens.replace('user', 'u1');
    expect(tokens.read('user')).toBe('u1');
    tokens.replace('admin', 'a1');
    expect(tokens.read('admin')).toBe('a1');
    expect(tokens.read('user')).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.adminToken)).toBe('a1');
  });

  it('clears everything but the language preference', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.language, 'zh');
    storage.setItem('draft', 'x');
    const tokens = createTokenStorage(storage);
    tokens.replace('user', 'u1');
    tokens.clearSession();
    expect(storage.length).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.language)).toBe('zh');
  });

  it('reads as signed out when storage is unavailable', () => {
    const tokens = createTokenStorage(null);
    tokens.replace('user', 'u1');
    expect(tokens.read('user')).toBeNull();
    expect(() => tokens.clearSession()).not.toThrow();
  });

  it('refuses an empty token', () => {
    const tokens = createTokenStorage(new MemoryStorage());
    expect(() => tokens.replace('user', '')).toThrow();
  });
});
