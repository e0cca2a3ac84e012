/**
 * The files key: one 32-byte secret from FILES_KEY, or generated once into
 * `dataDir/secrets/files.key`. Two subkeys are derived from it with HKDF-SHA256, one that
 * encrypts stored files (AES-256-GCM) and one that signs their links (HMAC-SHA256), so the
 * same bytes are never used for two purposes.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

export const FILES_KEY_BYTES = 32;

/** The part of the configuration the key needs; tests pass a temp `dataDir`. */
export type FilesKeyConfig = Pick<Config, 'filesKey' | 'dataDir'>;

export interface FilesKeys {
  /** AES-256-GCM key of the stored files. */
  encryptionKey: Buffer;
  /** HMAC-SHA256 key of the signed `/files/:id` links. */
  signingKey: Buffer;
}

/** HKDF "info" labels: changing one yields an unrelated key, so they are part of the format. */
const ENCRYPTION_INFO = 'tradewallet/files/v1/encryption';
const SIGNING_INFO = 'tradewallet/files/v1/link-signing';
/** The master key is already uniformly random, so a fixed public salt is enough. */
const HKDF_SALT = 'tradewallet/files';
const BASE64_KEY_PATTERN = /^[A-Za-z0-9+/]{43}=$/;

export function filesKeyPath(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'files.key');
}

/**
 * The master key: FILES_KEY when set, otherwise the key file, created with 32 random bytes
 * (base64, so an operator can copy it into FILES_KEY when adding instances) if missing.
 */
export function loadFilesKey(config: FilesKeyConfig): Buffer {
  if (config.filesKey !== null) {
    const key = Buffer.from(config.filesKey, 'base64');
    if (key.length !== FILES_KEY_BYTES) {
      throw new Error(`FILES_KEY must be the base64 encoding of exactly ${FILES_KEY_BYTES} bytes`);
    }
    return key;
  }
  return readOrCreateKeyFile(filesKeyPath(config.dataDir));
}

export function deriveFilesKeys(masterKey: Buffer): FilesKeys {
  if (masterKey.length !== FILES_KEY_BYTES) {
    throw new RangeError(`The files key must be ${FILES_KEY_BYTES} bytes`);
  }
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', masterKey, HKDF_SALT, info, FILES_KEY_BYTES));
  return { encryptionKey: derive(ENCRYPTION_INFO), signingKey: derive(SIGNING_INFO) };
}

const keysByConfig = new WeakMap<FilesKeyConfig, FilesKeys>();

/**
 * The derived keys of a configuration, computed once: callers may ask per request or per
 * row without touching the disk or running HKDF again.
 */
export function filesKeysFor(config: FilesKeyConfig): FilesKeys {
  let keys = keysByConfig.get(config);
  if (keys === undefined) {
    keys = deriveFilesKeys(loadFilesKey(config));
    keysByConfig.set(config, keys);
  }
  return keys;
}

function readOrCreateKeyFile(keyPath: string): Buffer {
  const existing = readKeyFile(keyPath);
  if (existing !== null) return existing;

  // 0700/0600: only the server's own user may read the secret. `mode` only applies to
  // folders created here; an operator's existing folder keeps its permissions.
  fs.mkdirSync(path.dirname(keyPath), { recursive: true, mode: 0o700 });
  const text = `${randomBytes(FILES_KEY_BYTES).toString('base64')}\n`;
  try {
    // 'wx' fails when the file exists, so two processes starting together cannot each
    // keep a different key: the loser reads the winner's file below.
    fs.writeFileSync(keyPath, text, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readKeyFile(keyPath);
  if (key === null) throw new Error(`Could not create the files key at ${keyPath}`);
  return key;
}

/** The key in the file, null when the file does not exist; a malformed file is an error. */
function readKeyFile(keyPath: string): Buffer | null {
  let text: string;
  try {
    text = fs.readFileSync(keyPath, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // Never guess with a damaged key: files encrypted with the real one would be lost.
  if (!BASE64_KEY_PATTERN.test(text)) {
    throw new Error(
      `The files key at ${keyPath} is not the base64 encoding of ${FILES_KEY_BYTES} bytes`,
    );
  }
  return Buffer.from(text, 'base64');
}
