import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveFilesKeys, filesKeyPath, filesKeysFor, loadFilesKey } from './keys';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-keys-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('files key', () => {
  it('uses FILES_KEY when it is set and writes nothing', () => {
    const master = Buffer.alloc(32, 7);
    const key = loadFilesKey({ filesKey: master.toString('base64'), dataDir });
    expect(key.equals(master)).toBe(true);
    expect(fs.existsSync(filesKeyPath(dataDir))).toBe(false);
  });

  it('creates the key file once, private to the server user, and reuses it', () => {
    const first = loadFilesKey({ filesKey: null, dataDir });
    expect(first).toHaveLength(32);
    const keyPath = filesKeyPath(dataDir);
    expect(fs.statSync(keyPath).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(keyPath)).mode & 0o777).toBe(0o700);
    // Stored as base64 text, so an operator can copy it into FILES_KEY.
    expect(Buffer.from(fs.readFileSync(keyPath, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(loadFilesKey({ filesKey: null, dataDir }).equals(first)).toBe(true);
  });

  it('refuses a damaged key file instead of replacing it', () => {
    fs.mkdirSync(path.dirname(filesKeyPath(dataDir)), { recursive: true });
    fs.writeFileSync(filesKeyPath(dataDir), 'not a key\n');
    expect(() => loadFilesKey({ filesKey: null, dataDir })).toThrow(/not the base64/);
    expect(fs.readFileSync(filesKeyPath(dataDir), 'utf8')).toBe('not a key\n');
  });

  it('derives two distinct subkeys, neither equal to the master key', () => {
    const master = Buffer.alloc(32, 1);
    const keys = deriveFilesKeys(master);
    expect(keys.encryptionKey).toHaveLength(32);
    expect(keys.signingKey).toHaveLength(32);
    expect(keys.encryptionKey.equals(keys.signingKey)).toBe(false);
    expect(keys.encryptionKey.equals(master)).toBe(false);
    // Deterministic: every instance sharing FILES_KEY derives the same subkeys.
    expect(deriveFilesKeys(Buffer.alloc(32, 1)).signingKey.equals(keys.signingKey)).toBe(true);
    expect(() => deriveFilesKeys(Buffer.alloc(16))).toThrow(RangeError);
  });

  it('derives once per configuration object', () => {
    const config = { filesKey: null, dataDir };
    const keys = filesKeysFor(config);
    fs.rmSync(filesKeyPath(dataDir));
    expect(filesKeysFor(config)).toBe(keys);
  });
});
