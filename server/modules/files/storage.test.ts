import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FileStore,
  STORAGE_NAME_PATTERN,
  StoredFileCorruptError,
  StoredFileMissingError,
} from './storage';

let directory: string;
let store: FileStore;
beforeEach(() => {
  directory = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tw-store-')), 'files');
  store = new FileStore(directory, randomBytes(32));
});
afterEach(() => fs.rmSync(path.dirname(directory), { recursive: true, force: true }));

const plaintext = Buffer.from('a private identity document, in plain bytes');

describe('FileStore', () => {
  it('stores encrypted under a random name and reads the plaintext back', async () => {
    const name = await store.put(plaintext);
    expect(name).toMatch(STORAGE_NAME_PATTERN);
    expect(await store.put(plaintext)).not.toBe(name);
    const onDisk = fs.readFileSync(path.join(directory, name));
    // IV + ciphertext + tag; the plaintext appears nowhere.
    expect(onDisk).toHaveLength(12 + plaintext.length + 16);
    expect(onDisk.includes(plaintext.subarray(0, 16))).toBe(false);
    expect(fs.statSync(path.join(directory, name)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(directory).mode & 0o777).toBe(0o700);
    expect((await store.get(name)).equals(plaintext)).toBe(true);
    // No temp file is left behind.
    expect(fs.readdirSync(directory).every((entry) => STORAGE_NAME_PATTERN.test(entry))).toBe(true);
  });

  it('refuses a file copied over another name (the name is authenticated)', async () => {
    const first = await store.put(plaintext);
    const second = await store.put(Buffer.from('another document'));
    fs.copyFileSync(path.join(directory, first), path.join(directory, second));
    await expect(store.get(second)).rejects.toBeInstanceOf(StoredFileCorruptError);
  });

  it('refuses a tampered, truncated or foreign-key file', async () => {
    const name = await store.put(plaintext);
    const filePath = path.join(directory, name);
    const sealed = fs.readFileSync(filePath);
    const flipped = Buffer.from(sealed);
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    fs.writeFileSync(filePath, flipped);
    await expect(store.get(name)).rejects.toBeInstanceOf(StoredFileCorruptError);
    fs.writeFileSync(filePath, sealed.subarray(0, 20));
    await expect(store.get(name)).rejects.toBeInstanceOf(StoredFileCorruptError);
    fs.writeFileSync(filePath, sealed);
    const otherKey = new FileStore(directory, randomBytes(32));
    await expect(otherKey.get(name)).rejects.toBeInstanceOf(StoredFileCorruptError);
  });

  it.each([
    '../../etc/passwd',
    '../files.key',
    'A'.repeat(32),
    'a'.repeat(31),
    `${'a'.repeat(32)}/`,
  ])('never touches the disk for the name %s', async (name) => {
    await expect(store.get(name)).rejects.toThrow('Invalid storage name');
    await expect(store.remove(name)).rejects.toThrow('Invalid storage name');
  });

  it('reports a missing file, and removing twice is fine', async () => {
    const name = await store.put(plaintext);
    await store.remove(name);
    await store.remove(name);
    await expect(store.get(name)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('lists stored and temp files, and removes only temp names with removeTemp', async () => {
    const name = await store.put(plaintext);
    fs.writeFileSync(path.join(directory, '.tmp-leftover'), 'x');
    fs.writeFileSync(path.join(directory, 'README'), 'x');
    const kinds = new Map<string, string>();
    for await (const entry of store.entries()) kinds.set(entry.name, entry.kind);
    expect(kinds).toEqual(
      new Map([
        [name, 'stored'],
        ['.tmp-leftover', 'temp'],
        ['README', 'other'],
      ]),
    );
    await store.removeTemp('.tmp-leftover');
    await expect(store.removeTemp('README')).rejects.toThrow();
    await expect(store.removeTemp('.tmp-/../x')).rejects.toThrow();
    expect(fs.readdirSync(directory).sort()).toEqual(['README', name].sort());
  });
});
