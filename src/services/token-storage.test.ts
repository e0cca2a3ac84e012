import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../common/rules';
import { MemoryStorage } from '../testing/memory-storage';
import { createTokenStorage, TAB_SESSION_KEY } from './token-storage';

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

  it('names the role of the stored session, or none', () => {
    const tokens = createTokenStorage(new MemoryStorage());
    expect(tokens.storedRole()).toBeNull();
    tokens.replace('user', 'u1');
    expect(tokens.storedRole()).toBe('user');
    tokens.replace('admin', 'a1');
    expect(tokens.storedRole()).toBe('admin');
    tokens.clearSession();
    expect(tokens.storedRole()).toBeNull();
  });

  it('clears everything but the language preference and the device id', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.language, 'zh');
    storage.setItem(STORAGE_KEYS.deviceId, 'AAAAAAAAAAAAAAAAAAAAAA');
    storage.setItem('draft', 'x');
    const tokens = createTokenStorage(storage);
    tokens.replace('user', 'u1');
    tokens.clearSession();
    expect(storage.length).toBe(2);
    expect(storage.getItem(STORAGE_KEYS.language)).toBe('zh');
    expect(storage.getItem(STORAGE_KEYS.deviceId)).toBe('AAAAAAAAAAAAAAAAAAAAAA');
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

describe('token storage in a tab that views a user', () => {
  const START = Date.parse('2026-03-01T10:00:00.000Z');
  const VIEW = {
    token: 'view-token',
    userId: 'user-1',
    username: 'hedy',
    expiresAt: '2026-03-01T10:15:00.000Z',
  };

  /** The admin signed in (shared local storage) and a tab about to view a user. */
  function setUp() {
    const local = new MemoryStorage();
    local.setItem(STORAGE_KEYS.language, 'de');
    const tab = new MemoryStorage();
    let nowMs = START;
    const options = { tabStorage: tab, now: () => nowMs };
    const tokens = createTokenStorage(local, options);
    tokens.replace('admin', 'admin-token');
    return {
      local,
      tab,
      tokens,
      options,
      advanceTo: (iso: string) => {
        nowMs = Date.parse(iso);
      },
    };
  }

  it('reads the viewed user and no admin, while local storage keeps the admin', () => {
    const { local, tokens } = setUp();
    tokens.beginViewAs(VIEW);
    expect(tokens.read('user')).toBe('view-token');
    expect(tokens.read('admin')).toBeNull();
    expect(tokens.storedRole()).toBe('user');
    expect(tokens.viewAs()).toEqual(VIEW);
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBe('admin-token');
    expect(local.getItem(STORAGE_KEYS.userToken)).toBeNull();
  });

  it('is that tab only: another tab on the same local storage is still the admin', () => {
    const { local, tokens } = setUp();
    tokens.beginViewAs(VIEW);
    const otherTab = createTokenStorage(local, { tabStorage: new MemoryStorage() });
    expect(otherTab.read('admin')).toBe('admin-token');
    expect(otherTab.read('user')).toBeNull();
    expect(otherTab.viewAs()).toBeNull();
  });

  it('signing out there forgets the view only, and the tab is the admin again', () => {
    const { local, tab, tokens } = setUp();
    tokens.beginViewAs(VIEW);
    tokens.clearSession();
    expect(tab.length).toBe(0);
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBe('admin-token');
    expect(local.getItem(STORAGE_KEYS.language)).toBe('de');
    expect(tokens.viewAs()).toBeNull();
    expect(tokens.read('user')).toBeNull();
    expect(tokens.read('admin')).toBe('admin-token');
    // Back to normal: the next sign-out clears local storage as usual.
    tokens.clearSession();
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('ends the view without ever clearing the shared storage, even when already cleared', () => {
    const { local, tab, tokens } = setUp();
    tokens.beginViewAs(VIEW);
    tokens.clearSession(); // A 401 got there first.
    tokens.endViewAs();
    tokens.endViewAs();
    expect(tab.length).toBe(0);
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBe('admin-token');
  });

  it('keeps a new session in that tab to the tab too', () => {
    const { local, tokens } = setUp();
    tokens.beginViewAs(VIEW);
    tokens.replace('user', 'other-user');
    expect(tokens.read('user')).toBe('other-user');
    expect(tokens.viewAs()).toBeNull();
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBe('admin-token');
    expect(local.getItem(STORAGE_KEYS.userToken)).toBeNull();
  });

  it('falls back to the admin when the view expires, and its 401 clears only the view', () => {
    const { local, tab, tokens, advanceTo } = setUp();
    tokens.beginViewAs(VIEW);
    advanceTo('2026-03-01T10:14:59.999Z');
    expect(tokens.read('user')).toBe('view-token');
    advanceTo(VIEW.expiresAt);
    expect(tokens.viewAs()).toBeNull();
    expect(tokens.read('user')).toBeNull();
    expect(tokens.read('admin')).toBe('admin-token');
    // The next user call answers 401 and the app clears the session: the admin stays.
    tokens.clearSession();
    expect(tab.length).toBe(0);
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBe('admin-token');
  });

  it('forgets a view that ended while the tab was away (a reload after expiry)', () => {
    const { local, tab, tokens, advanceTo, options } = setUp();
    tokens.beginViewAs(VIEW);
    advanceTo('2026-03-01T11:00:00.000Z');
    const reloaded = createTokenStorage(local, options);
    expect(tab.length).toBe(0);
    expect(reloaded.read('admin')).toBe('admin-token');
    reloaded.clearSession();
    expect(local.getItem(STORAGE_KEYS.adminToken)).toBeNull();
  });

  it('ignores a damaged tab entry', () => {
    const { tab, tokens } = setUp();
    for (const text of ['{', 'null', '{"role":"root","token":"x","expiresAtMs":null}', '[]']) {
      tab.setItem(TAB_SESSION_KEY, text);
      expect(tokens.read('admin')).toBe('admin-token');
      expect(tokens.viewAs()).toBeNull();
    }
  });

  it('refuses to start a view without a tab storage or a valid end', () => {
    const local = new MemoryStorage();
    const noTab = createTokenStorage(local);
    expect(() => noTab.beginViewAs(VIEW)).toThrow();
    expect(noTab.read('user')).toBeNull();
    const { tokens } = setUp();
    expect(() => tokens.beginViewAs({ ...VIEW, expiresAt: 'soon' })).toThrow();
    expect(() => tokens.beginViewAs({ ...VIEW, token: '' })).toThrow();
  });
});
