import { DEVICE_ID_BYTES, STORAGE_KEYS } from '../../common/rules';

const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Only when local storage is out of reach: this page's id, lost when it closes. */
let pageDeviceId: string | null = null;

function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(DEVICE_ID_BYTES));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * This browser's device id, sent on sign-in (`X-Device-Id`) so the server can tell a device
 * the account has used before from a new one (server/modules/auth/devices.ts). Random, kept
 * in local storage across sign-outs (token-storage.ts keeps it); it names no one and proves
 * nothing, it only saves the owner a "new device" mail on each sign-in.
 */
export function deviceId(storage: Storage | null = browserStorage()): string {
  try {
    const stored = storage?.getItem(STORAGE_KEYS.deviceId) ?? null;
    if (stored !== null && DEVICE_ID_PATTERN.test(stored)) return stored;
    const made = newDeviceId();
    storage?.setItem(STORAGE_KEYS.deviceId, made);
    if (storage) return made;
  } catch {
    // Storage refused (private mode, quota): fall through to the page's own id.
  }
  pageDeviceId ??= newDeviceId();
  return pageDeviceId;
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
