/**
 * Encrypted file storage on local disk, in `dataDir/files` (never under the served `dist/`).
 * Each file is named with 128 random bits and holds `IV (12 bytes) ‖ ciphertext ‖ GCM tag
 * (16 bytes)`, encrypted with AES-256-GCM. The storage name is authenticated data, so a file
 * renamed or copied over another one fails to decrypt instead of being served in its place.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Dir } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { filesKeysFor, type FilesKeyConfig } from './keys';

/** 32 lower-case hex characters: 128 random bits. Nothing else ever reaches the disk API. */
export const STORAGE_NAME_PATTERN = /^[0-9a-f]{32}$/;
const STORAGE_NAME_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** Prefix of files being written; never matches STORAGE_NAME_PATTERN. */
const TEMP_PREFIX = '.tmp-';
/** Binds the ciphertext to its name and to this format version. */
const AAD_PREFIX = 'tradewallet/file/v1/';

/** The stored file does not exist (deleted, or written on another instance's disk). */
export class StoredFileMissingError extends Error {
  constructor(storageName: string) {
    super(`Stored file ${storageName} is missing`);
  }
}

/** The stored file exists but fails authentication: damaged, swapped or another key. */
export class StoredFileCorruptError extends Error {
  constructor(storageName: string) {
    super(`Stored file ${storageName} failed authentication`);
  }
}

export interface StoredFileEntry {
  /** The name in the folder: a storage name, a temp file, or something we did not write. */
  name: string;
  kind: 'stored' | 'temp' | 'other';
  modifiedAtMs: number;
}

export class FileStore {
  private directoryReady: Promise<void> | null = null;

  constructor(
    readonly directory: string,
    private readonly encryptionKey: Buffer,
  ) {
    if (!path.isAbsolute(directory)) throw new Error('The files folder must be an absolute path');
    if (encryptionKey.length !== KEY_BYTES) throw new RangeError('The file key must be 32 bytes');
  }

  /** Encrypts and stores `plaintext` under a new random name, which it returns. */
  async put(plaintext: Buffer): Promise<string> {
    await this.ensureDirectory();
    const storageName = randomBytes(STORAGE_NAME_BYTES).toString('hex');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(additionalData(storageName));
    const sealed = Buffer.concat([
      iv,
      cipher.update(plaintext),
      cipher.final(),
      cipher.getAuthTag(),
    ]);

    // Write a temp file, flush it, then rename: a reader (or a crash) never sees half a file.
    const tempPath = path.join(
      this.directory,
      `${TEMP_PREFIX}${storageName}-${randomBytes(4).toString('hex')}`,
    );
    try {
      const handle = await fs.open(tempPath, 'wx', 0o600);
      try {
        await handle.writeFile(sealed);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(tempPath, this.pathOf(storageName));
    } catch (error) {
      await fs.rm(tempPath, { force: true }).catch(() => undefined);
      throw error;
    }
    await this.syncDirectory();
    return storageName;
  }

  /** The decrypted content; throws StoredFileMissingError or StoredFileCorruptError. */
  async get(storageName: string): Promise<Buffer> {
    const filePath = this.pathOf(storageName);
    let sealed: Buffer;
    try {
      sealed = await fs.readFile(filePath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new StoredFileMissingError(storageName);
      }
      throw error;
    }
    if (sealed.length < IV_BYTES + TAG_BYTES) throw new StoredFileCorruptError(storageName);
    const iv = sealed.subarray(0, IV_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    const ciphertext = sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, iv);
    decipher.setAAD(additionalData(storageName));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch {
      throw new StoredFileCorruptError(storageName);
    }
  }

  /** Deletes a stored file; deleting a missing one is not an error (purges may repeat). */
  async remove(storageName: string): Promise<void> {
    await fs.rm(this.pathOf(storageName), { force: true });
  }

  /** Deletes a leftover temp file found by `entries()`. */
  async removeTemp(name: string): Promise<void> {
    if (!name.startsWith(TEMP_PREFIX) || name.includes('/') || name.includes(path.sep)) {
      throw new Error('Not a temp file name');
    }
    await fs.rm(path.join(this.directory, name), { force: true });
  }

  /** Every entry of the folder, for the orphan sweep; nothing when the folder is missing. */
  async *entries(): AsyncGenerator<StoredFileEntry> {
    let dir: Dir;
    try {
      dir = await fs.opendir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for await (const dirent of dir) {
      if (!dirent.isFile()) continue;
      const kind = STORAGE_NAME_PATTERN.test(dirent.name)
        ? 'stored'
        : dirent.name.startsWith(TEMP_PREFIX)
          ? 'temp'
          : 'other';
      try {
        const stats = await fs.stat(path.join(this.directory, dirent.name));
        yield { name: dirent.name, kind, modifiedAtMs: stats.mtimeMs };
      } catch (error) {
        // Removed between listing and stat (another sweep, a purge): nothing to report.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }

  /** The path of a stored file; refuses anything that is not a storage name. */
  private pathOf(storageName: string): string {
    assertStorageName(storageName);
    return path.join(this.directory, storageName);
  }

  private ensureDirectory(): Promise<void> {
    this.directoryReady ??= fs
      .mkdir(this.directory, { recursive: true, mode: 0o700 })
      .then(() => undefined)
      .catch((error: unknown) => {
        // Let the next call try again rather than failing forever.
        this.directoryReady = null;
        throw error;
      });
    return this.directoryReady;
  }

  /**
   * Flushes the folder entry of a rename, so a crash right after the database row is
   * committed cannot lose the file. Best effort: some platforms cannot open a folder.
   */
  private async syncDirectory(): Promise<void> {
    try {
      const handle = await fs.open(this.directory, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      // The file itself was already flushed; only the rename's durability is weaker here.
    }
  }
}

export function assertStorageName(storageName: string): void {
  if (!STORAGE_NAME_PATTERN.test(storageName)) throw new Error('Invalid storage name');
}

function additionalData(storageName: string): Buffer {
  return Buffer.from(`${AAD_PREFIX}${storageName}`, 'utf8');
}

export function filesDirectory(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'files');
}

const storesByConfig = new WeakMap<FilesKeyConfig, FileStore>();

/** The store of a configuration, made once (the key is read and derived once). */
export function fileStoreFor(config: FilesKeyConfig): FileStore {
  let store = storesByConfig.get(config);
  if (store === undefined) {
    store = new FileStore(filesDirectory(config.dataDir), filesKeysFor(config).encryptionKey);
    storesByConfig.set(config, store);
  }
  return store;
}
