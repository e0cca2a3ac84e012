import { STORAGE_KEYS, ROLES, type Role } from '../../common/rules';

/**
 * Where the session tokens live: browser local storage under `uToken` (user) and `aToken`
 * (admin), as the spec's route guards require. Injected into the auth machine and the HTTP
 * client, so tests can use an in-memory store.
 *
 * One exception: an admin's read-only "view as user" runs in a tab of its own. Local storage
 * is shared by every tab, so storing the user's token there would sign the admin out of the
 * console; that tab keeps its session in its own session storage instead (see `beginViewAs`).
 */
export interface TokenStorage {
  read(role: Role): string | null;
  /** The role whose session this tab holds (its own first, then the shared one), if any. */
  storedRole(): Role | null;
  /** Stores the token of a new session, replacing any session of either role. */
  replace(role: Role, token: string): void;
  /** Ends the session: clears local storage, keeping only the language preference. */
  clearSession(): void;
  /** The read-only view of a user this tab holds, while it lasts; else null. */
  viewAs(): ViewAsSession | null;
  /**
   * Makes this tab (only) a read-only view of a user. Throws when the tab cannot keep a
   * session of its own (no session storage): the caller must not go on as that user then.
   */
  beginViewAs(session: ViewAsSession): void;
  /**
   * Forgets this tab's own session, if any, and never the shared one: unlike clearSession,
   * safe to call when the view may already have been cleared (by a 401, for instance).
   */
  endViewAs(): void;
}

/** A read-only session of a user, opened by an admin (POST /api/userLogin/:id). */
export interface ViewAsSession {
  token: string;
  userId: string;
  username: string;
  /** ISO time at which the server ends the session. */
  expiresAt: string;
}

export interface TokenStorageOptions {
  /** This tab's own storage (the browser's session storage); null when unavailable. */
  tabStorage?: Storage | null;
  /** The clock, in epoch milliseconds; tests move it. */
  now?: () => number;
}

/** Local storage keys that outlive a session (see clearSession). */
const BROWSER_KEYS = [STORAGE_KEYS.language, STORAGE_KEYS.deviceId] as const;

const KEY_BY_ROLE: Record<Role, string> = {
  user: STORAGE_KEYS.userToken,
  admin: STORAGE_KEYS.adminToken,
};

/** This tab's session, in session storage. Not in STORAGE_KEYS: no other tab ever reads it. */
export const TAB_SESSION_KEY = 'tabSession';

/**
 * The session a tab keeps to itself: a view as a user (with its end and whom it shows), or
 * any session started later in that same tab, which must not reach local storage either.
 */
interface TabSession {
  role: Role;
  token: string;
  /** Epoch milliseconds; null for a session that lasts as long as the tab. */
  expiresAtMs: number | null;
  viewing: { userId: string; username: string } | null;
}

/** The stored entry, checked field by field: anything else is treated as no entry. */
function parseTabSession(text: string | null): TabSession | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { role, token, expiresAtMs, viewing } = value as Record<string, unknown>;
    if (!(ROLES as readonly unknown[]).includes(role) || typeof token !== 'string' || !token) {
      return null;
    }
    if (expiresAtMs !== null && typeof expiresAtMs !== 'number') return null;
    let viewed: TabSession['viewing'] = null;
    if (viewing !== null) {
      if (typeof viewing !== 'object') return null;
      const { userId, username } = viewing as Record<string, unknown>;
      if (typeof userId !== 'string' || typeof username !== 'string') return null;
      viewed = { userId, username };
    }
    return { role: role as Role, token, expiresAtMs, viewing: viewed };
  } catch {
    return null;
  }
}

/**
 * Local storage can be missing or throw (private modes, disabled storage); the app then
 * behaves as signed out instead of crashing.
 */
export function createTokenStorage(
  storage: Storage | null,
  { tabStorage = null, now = Date.now }: TokenStorageOptions = {},
): TokenStorage {
  const readTab = (): TabSession | null => {
    try {
      return parseTabSession(tabStorage?.getItem(TAB_SESSION_KEY) ?? null);
    } catch {
      return null;
    }
  };
  const isLive = (session: TabSession) =>
    session.expiresAtMs === null || now() < session.expiresAtMs;
  const writeTab = (session: TabSession) => {
    if (!tabStorage) throw new Error('This tab has no session storage');
    tabStorage.setItem(TAB_SESSION_KEY, JSON.stringify(session));
  };
  const removeTab = () => {
    try {
      tabStorage?.removeItem(TAB_SESSION_KEY);
    } catch (error) {
      console.error('Could not clear the tab session', error);
    }
  };

  // A view that ended while the tab was closed or being reloaded is forgotten at start, so
  // the tab opens as the admin's again. One that ends while the app runs is kept until the
  // session is cleared (below), so the 401 it causes cannot clear the admin's storage.
  const atStart = readTab();
  if (atStart && !isLive(atStart)) removeTab();

  const readLocal = (role: Role): string | null => {
    try {
      return storage?.getItem(KEY_BY_ROLE[role]) ?? null;
    } catch {
      return null;
    }
  };

  const read = (role: Role): string | null => {
    const tab = readTab();
    if (tab && isLive(tab)) return tab.role === role ? tab.token : null;
    return readLocal(role);
  };

  return {
    read,
    storedRole() {
      return ROLES.find((role) => read(role) !== null) ?? null;
    },
    replace(role, token) {
      if (token === '') throw new Error('An empty session token cannot be stored');
      // A tab that holds a session of its own keeps the next one to itself too: writing
      // local storage from here would replace the session of the admin's other tabs.
      if (readTab()) {
        try {
          writeTab({ role, token, expiresAtMs: null, viewing: null });
        } catch (error) {
          console.error('Could not store the session token', error);
        }
        return;
      }
      try {
        // One session at a time: a user sign-in ends an admin session and vice versa, so
        // the stored tokens always match the auth machine's single signed-in state.
        storage?.removeItem(KEY_BY_ROLE.user);
        storage?.removeItem(KEY_BY_ROLE.admin);
        storage?.setItem(KEY_BY_ROLE[role], token);
      } catch (error) {
        console.error('Could not store the session token', error);
      }
    },
    clearSession() {
      // Ending a tab's own session (live or just expired) forgets only that: the tab falls
      // back to the shared storage, where the admin's session is still there.
      if (readTab()) {
        removeTab();
        return;
      }
      try {
        // The spec says logout clears all local storage. We keep two keys that belong to the
        // browser, not to an account: the language preference (`lang`), whose loss would
        // switch a signed-out visitor back to English on the sign-in page, and the device id,
        // whose loss would make the next sign-in one from a new device (and mail about it).
        const kept = BROWSER_KEYS.map((key) => [key, storage?.getItem(key) ?? null] as const);
        storage?.clear();
        for (const [key, value] of kept) if (value !== null) storage?.setItem(key, value);
      } catch (error) {
        console.error('Could not clear local storage', error);
      }
    },
    viewAs() {
      const tab = readTab();
      if (!tab?.viewing || !isLive(tab) || tab.expiresAtMs === null) return null;
      return {
        token: tab.token,
        userId: tab.viewing.userId,
        username: tab.viewing.username,
        expiresAt: new Date(tab.expiresAtMs).toISOString(),
      };
    },
    beginViewAs({ token, userId, username, expiresAt }) {
      const expiresAtMs = Date.parse(expiresAt);
      if (token === '') throw new Error('An empty session token cannot be stored');
      if (!Number.isFinite(expiresAtMs)) throw new Error('The view has no valid end time');
      writeTab({ role: 'user', token, expiresAtMs, viewing: { userId, username } });
    },
    endViewAs: removeTab,
  };
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

/** The browser's token storage, used by the running app. */
export const tokenStorage: TokenStorage = createTokenStorage(browserStorage('localStorage'), {
  tabStorage: browserStorage('sessionStorage'),
});
