import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../common/rules';
import { MemoryStorage } from '../testing/memory-storage';
import { deviceId } from './device-id';

describe('device id', () => {
  it('is made once, random and base64url, and then kept', () => {
    const storage = new MemoryStorage();
    const first = deviceId(storage);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(storage.getItem(STORAGE_KEYS.deviceId)).toBe(first);
    expect(deviceId(storage)).toBe(first);
    expect(deviceId(new MemoryStorage())).not.toBe(first);
  });

  it('replaces a stored value that is not a device id', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.deviceId, 'not an id!');
    const made = deviceId(storage);
    expect(made).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(storage.getItem(STORAGE_KEYS.deviceId)).toBe(made);
  });

  it('without storage, keeps one id for the page', () => {
    const first = deviceId(null);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(deviceId(null)).toBe(first);
  });
});
