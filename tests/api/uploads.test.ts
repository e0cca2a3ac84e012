/**
 * Uploads and stored files: POST /upload judges the type from the bytes, re-encodes (EXIF
 * and GPS gone), stores encrypted under a random name; GET /files/:id serves only with a
 * valid, unexpired signature; claims happen once and respect ownership; the purge removes
 * unclaimed uploads after 24 h. Fixtures are generated here with sharp.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../common/rules';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/client';
import { files } from '../../server/db/schema';
import {
  purgeUnclaimedUploads,
  startUploadPurge,
  UPLOAD_PURGE_LOCK_ID,
} from '../../server/jobs/purge-uploads';
import {
  claimUpload,
  UPLOAD_ALREADY_USED_MESSAGE,
  UPLOAD_NOT_FOUND_MESSAGE,
} from '../../server/modules/files/claims';
import { createFileLinks } from '../../server/modules/files/links';
import { MAX_UNCLAIMED_UPLOADS_PER_ADDRESS } from '../../server/modules/files/routes';
import { fileStoreFor } from '../../server/modules/files/storage';
import { createTestApp, insertUnclaimedUploads, registerAndLogin } from './harness';

// Test app ----------------------------------------------------------------------------------

interface UploadTestApp {
  app: FastifyInstance;
  config: Config;
  db: Db;
  close(): Promise<void>;
}

/** The harness's test app with the upload rate limit under test. */
async function createUploadApp(uploadsPerMinute: number): Promise<UploadTestApp> {
  const t = await createTestApp({}, { uploadsPerMinute });
  return { ...t, db: t.app.db };
}

// Multipart bodies --------------------------------------------------------------------------

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----twBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${
      part.filename === undefined ? '' : `; filename="${part.filename}"`
    }`;
    const typeLine = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${typeLine}\r\n`),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface UploadOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

function postParts(app: FastifyInstance, parts: Part[], options: UploadOptions = {}) {
  const { payload, contentType } = multipartBody(parts);
  const request: InjectOptions = {
    method: 'POST',
    url: `/upload?timestamp=${Date.now()}`,
    payload,
    headers: { 'content-type': contentType, ...options.headers },
  };
  if (options.remoteAddress !== undefined) request.remoteAddress = options.remoteAddress;
  return app.inject(request);
}

function upload(
  app: FastifyInstance,
  data: Buffer | string,
  filename: string,
  contentType: string,
  options: UploadOptions = {},
) {
  return postParts(app, [{ name: 'file', data, filename, contentType }], options);
}

/** The answer is `status` with exactly `body`. */
function expectAnswer(res: LightMyRequestResponse, status: number, body: object) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual(body);
}

const FILE_URL = /^\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function fileIdOf(fileUrl: string): string {
  const id = FILE_URL.exec(fileUrl)?.[1];
  if (id === undefined) throw new Error(`Not a file URL: ${fileUrl}`);
  return id;
}

// Fixtures ----------------------------------------------------------------------------------

const MARKER = 'secret-gps-marker';

/** A PNG carrying EXIF with the marker and a GPS position. */
function pngWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .withExif({
      IFD0: { Copyright: MARKER, ImageDescription: MARKER },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    })
    .toBuffer();
}

/** A 40×20 JPEG whose EXIF says "rotate 90°", so it displays as 20×40. */
function rotatedJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#cc3333' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A valid JPEG with HTML in a comment segment and appended after its end marker. */
async function jpegHtmlPolyglot(): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 16, height: 16, channels: 3, background: '#00aa00' },
  })
    .jpeg()
    .toBuffer();
  const comment = Buffer.from('<script>alert("comment")</script>');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2), // SOI
    Buffer.from([0xff, 0xfe]), // COM
    length,
    comment,
    jpeg.subarray(2),
    Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
  ]);
}

/** A small PNG whose header claims 20,000 × 20,000 pixels (400 megapixels). */
async function pngBomb(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // Signature (8) + IHDR length (4) + "IHDR" (4): width at 16, height at 20, CRC at 29.
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
const HTML = '<!doctype html><html><body><script>alert(1)</script></body></html>';

// Tests -------------------------------------------------------------------------------------

let t: UploadTestApp;
let pngFixture: Buffer;
beforeAll(async () => {
  t = await createUploadApp(1000);
  pngFixture = await pngWithExif();
});
afterAll(async () => t?.close());

const links = () => createFileLinks(t.config);

async function fileRow(fileId: string) {
  const rows = await t.db.select().from(files).where(eq(files.id, fileId));
  return rows[0];
}

async function uploadPng(options: UploadOptions = {}): Promise<string> {
  const res = await upload(t.app, pngFixture, 'photo.png', 'image/png', options);
  expect(res.statusCode, res.body).toBe(201);
  return fileIdOf(res.json().fileUrl);
}

/** An unclaimed PNG uploaded 25 hours ago: due for the purge. */
async function stalePng(): Promise<string> {
  const fileId = await uploadPng();
  await t.db
    .update(files)
    .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
    .where(eq(files.id, fileId));
  return fileId;
}

describe('POST /upload', () => {
  it('fixtures really carry the metadata the upload must strip', async () => {
    const metadata = await sharp(pngFixture).metadata();
    expect(metadata.exif).toBeDefined();
    expect(pngFixture.includes(MARKER)).toBe(true);
  });

  it('stores a PNG re-encoded, encrypted, under a random name, and answers 201 { fileUrl }', async () => {
    const res = await upload(t.app, pngFixture, 'photo.png', 'image/png');
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['fileUrl']);
    const fileId = fileIdOf(res.json().fileUrl);

    const row = await fileRow(fileId);
    expect(row).toMatchObject({
      ownerId: null,
      claimedAt: null,
      purpose: null,
      mimeType: 'image/png',
      widthPx: 64,
      heightPx: 48,
      uploaderIp: '127.0.0.1',
    });
    expect(row?.storageName).toMatch(/^[0-9a-f]{32}$/);
    const onDisk = fs.readFileSync(path.join(t.config.dataDir, 'files', row?.storageName ?? ''));
    // Encrypted: no PNG signature, no metadata text, and not the re-encoded bytes either.
    expect(onDisk.subarray(0, 8).equals(pngFixture.subarray(0, 8))).toBe(false);
    expect(onDisk.includes('IHDR')).toBe(false);
    expect(onDisk.includes(MARKER)).toBe(false);
    expect(onDisk.length).toBe((row?.sizeBytes ?? 0) + 12 + 16);
    // Nothing was written under the served folder or with the client's file name.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'files'))).not.toContain('photo.png');
  });

  it('serves the image through a signed link, with metadata and GPS stripped', async () => {
    const fileId = await uploadPng();
    const res = await t.app.inject({ method: 'GET', url: links().sign(fileId) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${fileId}.png"`);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const maxAge = Number(
      /^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1],
    );
    expect(maxAge).toBeGreaterThan(250);
    expect(maxAge).toBeLessThanOrEqual(300);

    const served = res.rawPayload;
    expect(served.length).toBe((await fileRow(fileId))?.sizeBytes);
    const metadata = await sharp(served).metadata();
    expect(metadata.format).toBe('png');
    expect([metadata.width, metadata.height]).toEqual([64, 48]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.comments).toBeUndefined();
    expect(served.includes(MARKER)).toBe(false);
  });

  it('applies the EXIF orientation of a JPEG, then drops the EXIF', async () => {
    const res = await upload(t.app, await rotatedJpeg(), 'id-front.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const fileId = fileIdOf(res.json().fileUrl);
    expect(await fileRow(fileId)).toMatchObject({ widthPx: 20, heightPx: 40 });
    const served = await t.app.inject({ method: 'GET', url: links().sign(fileId) });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${fileId}.jpg"`);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([20, 40, undefined]);
    expect(metadata.exif).toBeUndefined();
  });

  it('neutralises a JPEG/HTML polyglot, whatever its name and declared type', async () => {
    const res = await upload(t.app, await jpegHtmlPolyglot(), 'page.html', 'text/html');
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({
      method: 'GET',
      url: links().sign(fileIdOf(res.json().fileUrl)),
    });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes('<script')).toBe(false);
    expect(served.rawPayload.includes('<html')).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it.each([
    ['an SVG', () => Promise.resolve(Buffer.from(SVG)), 'logo.svg', 'image/svg+xml'],
    ['HTML named .jpg', () => Promise.resolve(Buffer.from(HTML)), 'photo.jpg', 'image/jpeg'],
    ['text named .png', () => Promise.resolve(Buffer.from('just text\n')), 'scan.png', 'image/png'],
    ['an empty file', () => Promise.resolve(Buffer.alloc(0)), 'empty.png', 'image/png'],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
      'a.gif',
      'image/gif',
    ],
    [
      'a WebP named .png',
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
      'a.png',
      'image/png',
    ],
  ])('refuses %s with 415 "Invalid image file."', async (_label, make, filename, type) => {
    const before = await countFiles();
    const res = await upload(t.app, await make(), filename, type);
    expectAnswer(res, 415, { error: 'Invalid image file.', code: 'unsupported_media_type' });
    expect(await countFiles()).toBe(before);
  });

  it('refuses a truncated PNG with 400 "Invalid image file."', async () => {
    const res = await upload(t.app, pngFixture.subarray(0, 80), 'cut.png', 'image/png');
    expectAnswer(res, 400, { error: 'Invalid image file.', code: 'invalid_upload' });
  });

  it('refuses a 20,000 × 20,000 pixel PNG bomb without decoding it', async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(1000);
    const res = await upload(t.app, bomb, 'bomb.png', 'image/png');
    expectAnswer(res, 400, {
      error: 'This image is too large. Please upload a smaller one.',
      code: 'invalid_upload',
    });
  });

  it('refuses an 11 MB file with 413', async () => {
    const big = Buffer.concat([pngFixture, randomBytes(11 * 1024 * 1024)]);
    const res = await upload(t.app, big, 'big.png', 'image/png');
    expectAnswer(res, 413, {
      error: 'File too large. Please upload an image under 10MB.',
      code: 'payload_too_large',
    });
  });

  it('refuses a file one byte over 10 MB with 413 (the parser limit, not the header check)', async () => {
    const big = Buffer.concat([pngFixture, randomBytes(UPLOAD_MAX_BYTES + 1 - pngFixture.length)]);
    const res = await upload(t.app, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it.each<[string, () => Part[]]>([
    ['two files', () => [filePart(), filePart()]],
    ['a file and a text field', () => [filePart(), { name: 'note', data: 'hello' }]],
    ['a text field before the file', () => [{ name: 'note', data: 'hello' }, filePart()]],
    ['the file under another field name', () => [{ ...filePart(), name: 'image' }]],
    ['no parts at all', () => []],
  ])('refuses %s with 400 invalid_upload', async (_label, makeParts) => {
    const before = await countFiles();
    const res = await postParts(t.app, makeParts());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_upload' });
    expect(await countFiles()).toBe(before);
  });

  it('refuses a JSON body with 400 invalid_upload', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/upload',
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_upload' });
  });

  it('gives the upload to the signed-in user when a valid token is sent', async () => {
    const user = await registerAndLogin(t.app);
    const owned = await uploadPng({ headers: user.auth });
    expect((await fileRow(owned))?.ownerId).not.toBeNull();
    // A dead token is not an error (uploads need none): the upload is simply anonymous.
    const anonymous = await uploadPng({
      headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
    });
    expect((await fileRow(anonymous))?.ownerId).toBeNull();
  });
});

function filePart(): Part {
  return { name: 'file', data: pngFixture, filename: 'photo.png', contentType: 'image/png' };
}

async function countFiles(): Promise<number> {
  const rows = await t.db.select({ n: sql<number>`count(*)::int` }).from(files);
  return rows[0]?.n ?? 0;
}

describe('GET /files/:id', () => {
  let fileId: string;
  beforeAll(async () => {
    fileId = await uploadPng();
  });

  const expired = { error: 'This link has expired. Please reload the page.', code: 'forbidden' };

  it('refuses the bare file URL (no signature) with 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/files/${fileId}` });
    expectAnswer(res, 403, expired);
  });

  it('refuses a tampered signature, an edited expiry and another file’s signature', async () => {
    const link = new URL(links().sign(fileId), 'http://localhost');
    const sig = link.searchParams.get('sig') ?? '';
    const exp = Number(link.searchParams.get('exp'));
    const tampered = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const otherId = await uploadPng();
    const otherLink = new URL(links().sign(otherId), 'http://localhost');
    for (const url of [
      `/files/${fileId}?exp=${exp}&sig=${tampered}`,
      `/files/${fileId}?exp=${exp + 60}&sig=${sig}`,
      `/files/${fileId}?exp=${otherLink.searchParams.get('exp')}&sig=${otherLink.searchParams.get('sig')}`,
      `/files/${fileId}?exp=${exp}`,
      `/files/${fileId}?exp=${exp}&sig=${sig}&sig=${sig}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(expired);
    }
  });

  it('refuses an expired link with 403', async () => {
    const url = links().sign(fileId, 60_000, Date.now() - 120_000);
    const res = await t.app.inject({ method: 'GET', url });
    expectAnswer(res, 403, expired);
  });

  it('answers 404 for a validly signed link to an unknown file', async () => {
    const url = links().sign('00000000-0000-4000-8000-000000000000');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    '/files/../../etc/passwd',
    '/files/..%2F..%2Fetc%2Fpasswd',
    '/files/..%2F..%2Fsecrets%2Ffiles.key',
    '/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd?exp=9999999999&sig=00',
    '/files/0123456789abcdef0123456789abcdef',
    '/files/',
  ])('never serves a file for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect([400, 403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('root:');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('does not expose the storage folder or the key through any path', async () => {
    const row = await fileRow(fileId);
    for (const url of [`/files/${row?.storageName}`, '/data/files', '/secrets/files.key']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('claims', () => {
  it('lets any signed-in user claim an anonymous upload, exactly once', async () => {
    const [a, b] = [await registerAndLogin(t.app), await registerAndLogin(t.app)];
    const fileId = await uploadPng();
    const userA = await userIdOf(a.token);
    const userB = await userIdOf(b.token);

    expect(await claimUpload(t.db, `/files/${fileId}`, userA, 'deposit')).toBe(fileId);
    const row = await fileRow(fileId);
    expect(row).toMatchObject({ ownerId: userA, purpose: 'deposit' });
    expect(row?.claimedAt).toBeInstanceOf(Date);

    await expect(claimUpload(t.db, `/files/${fileId}`, userA, 'kyc')).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_upload',
      message: UPLOAD_ALREADY_USED_MESSAGE,
    });
    // Another user learns nothing: the claimed file looks like a missing one.
    await expect(claimUpload(t.db, `/files/${fileId}`, userB, 'kyc')).rejects.toMatchObject({
      statusCode: 400,
      message: UPLOAD_NOT_FOUND_MESSAGE,
    });
    expect(await fileRow(fileId)).toMatchObject({ ownerId: userA, purpose: 'deposit' });
  });

  it('lets only the uploader claim an upload sent with a token', async () => {
    const [owner, other] = [await registerAndLogin(t.app), await registerAndLogin(t.app)];
    const fileId = await uploadPng({ headers: owner.auth });
    await expect(
      claimUpload(t.db, `/files/${fileId}`, await userIdOf(other.token), 'kyc'),
    ).rejects.toMatchObject({ statusCode: 400, message: UPLOAD_NOT_FOUND_MESSAGE });
    expect((await fileRow(fileId))?.claimedAt).toBeNull();
    expect(await claimUpload(t.db, `/files/${fileId}`, await userIdOf(owner.token), 'kyc')).toBe(
      fileId,
    );
  });

  it('lets exactly one of several concurrent claims win', async () => {
    const fileId = await uploadPng();
    const users = await Promise.all([0, 1, 2, 3].map(() => registerAndLogin(t.app)));
    const ids = await Promise.all(users.map((u) => userIdOf(u.token)));
    const results = await Promise.allSettled(
      ids.map((id) => claimUpload(t.db, `/files/${fileId}`, id, 'deposit')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const winner = ids[results.findIndex((r) => r.status === 'fulfilled')];
    expect((await fileRow(fileId))?.ownerId).toBe(winner);
  });

  it('rolls the claim back with the transaction that made it', async () => {
    const user = await registerAndLogin(t.app);
    const userId = await userIdOf(user.token);
    const fileId = await uploadPng();
    await expect(
      t.db.transaction(async (tx) => {
        await claimUpload(tx, `/files/${fileId}`, userId, 'deposit');
        throw new Error('the deposit failed');
      }),
    ).rejects.toThrow('the deposit failed');
    expect((await fileRow(fileId))?.claimedAt).toBeNull();
    expect(await claimUpload(t.db, `/files/${fileId}`, userId, 'deposit')).toBe(fileId);
  });

  it.each([
    (id: string) => `files/${id}`,
    (id: string) => `/files/${id}?exp=1&sig=00`,
    (id: string) => `https://evil.example/files/${id}`,
    (id: string) => `/files/${id.toUpperCase()}`,
    (id: string) => `/files/${id}/`,
    (id: string) => ` /files/${id}`,
    () => '/files/00000000-0000-4000-8000-000000000000',
    () => '/files/../secrets/files.key',
    () => '',
  ])('refuses a malformed or unknown file URL (%#)', async (makeUrl) => {
    const fileId = await uploadPng();
    await expect(
      claimUpload(t.db, makeUrl(fileId), await someUserId(), 'kyc'),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_upload',
      message: UPLOAD_NOT_FOUND_MESSAGE,
    });
    expect((await fileRow(fileId))?.claimedAt).toBeNull();
  });
});

let cachedUserId: string | null = null;
/** One signed-up user for tests that only need some user (password hashing is slow). */
async function someUserId(): Promise<string> {
  cachedUserId ??= await userIdOf((await registerAndLogin(t.app)).token);
  return cachedUserId;
}

async function userIdOf(token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/getUserById',
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`getUserById failed: ${res.body}`);
  return (res.json() as { user: { _id: string } }).user._id;
}

describe('per-address limits', () => {
  it('refuses more uploads per minute than allowed, per address', async () => {
    const limited = await createUploadApp(2);
    try {
      const send = (remoteAddress: string) =>
        upload(limited.app, pngFixture, 'photo.png', 'image/png', { remoteAddress });
      expect((await send('10.0.0.7')).statusCode).toBe(201);
      expect((await send('10.0.0.7')).statusCode).toBe(201);
      const third = await send('10.0.0.7');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'too_many_attempts' });
      expect((await send('10.0.0.8')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it(`refuses a new upload from an address holding ${MAX_UNCLAIMED_UPLOADS_PER_ADDRESS} unclaimed ones`, async () => {
    const address = '10.9.9.9';
    await insertUnclaimedUploads(t.db, MAX_UNCLAIMED_UPLOADS_PER_ADDRESS, address);
    const before = await countFiles();
    const refused = await upload(t.app, pngFixture, 'p.png', 'image/png', {
      remoteAddress: address,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Too many uploads from your network. Please submit your form or try again tomorrow.',
      code: 'too_many_attempts',
    });
    expect(await countFiles()).toBe(before);
    // Another address is unaffected, and the quota frees up as uploads get claimed.
    expect((await upload(t.app, pngFixture, 'p.png', 'image/png')).statusCode).toBe(201);
    await t.db
      .update(files)
      .set({ claimedAt: new Date() })
      .where(
        sql`${files.id} = (select id from files where uploader_ip = ${address} and claimed_at is null limit 1)`,
      );
    const allowed = await upload(t.app, pngFixture, 'p.png', 'image/png', {
      remoteAddress: address,
    });
    expect(allowed.statusCode).toBe(201);
  });
});

// Last: the purge deletes every old unclaimed upload of this database, other tests' too.
describe('purge of unclaimed uploads', () => {
  it('removes unclaimed uploads older than 24 h, rows and files, and keeps claimed ones', async () => {
    const store = fileStoreFor(t.config);
    const user = await registerAndLogin(t.app);
    const unclaimed = await uploadPng();
    const claimed = await uploadPng();
    await claimUpload(t.db, `/files/${claimed}`, await userIdOf(user.token), 'kyc');
    const unclaimedName = (await fileRow(unclaimed))?.storageName ?? '';
    const claimedName = (await fileRow(claimed))?.storageName ?? '';

    // Not yet 24 h old: nothing of this test is touched.
    await purgeUnclaimedUploads(t.db, store, new Date(Date.now() + 23 * 3600_000));
    expect(await fileRow(unclaimed)).toBeDefined();

    const later = new Date(Date.now() + 25 * 3600_000);
    let purged = 0;
    for (let removed = -1; removed !== 0;) {
      removed = await purgeUnclaimedUploads(t.db, store, later, 500);
      purged += removed;
    }
    expect(purged).toBeGreaterThan(0);
    expect(await fileRow(unclaimed)).toBeUndefined();
    await expect(store.get(unclaimedName)).rejects.toThrow(/missing/);
    expect(await fileRow(claimed)).toBeDefined();
    expect((await store.get(claimedName)).length).toBe((await fileRow(claimed))?.sizeBytes);
    const served = await t.app.inject({ method: 'GET', url: links().sign(unclaimed) });
    expect(served.statusCode).toBe(404);
  });

  it('purges in bounded batches', async () => {
    const store = fileStoreFor(t.config);
    await uploadPng();
    await uploadPng();
    await uploadPng();
    const later = new Date(Date.now() + 25 * 3600_000);
    expect(await purgeUnclaimedUploads(t.db, store, later, 2)).toBe(2);
    expect(await purgeUnclaimedUploads(t.db, store, later, 2)).toBe(1);
    expect(await purgeUnclaimedUploads(t.db, store, later, 2)).toBe(0);
  });

  it('runs on a timer and stops cleanly', async () => {
    const store = fileStoreFor(t.config);
    const fileId = await stalePng();
    const logged: unknown[] = [];
    const log = {
      info: (...args: unknown[]) => void logged.push(args),
      error: (...args: unknown[]) => void logged.push(['error', ...args]),
    };
    // Ran once at start; stop() waits for that run.
    const stop = startUploadPurge({ db: t.db, store, log }, 60_000);
    await stop();
    expect(await fileRow(fileId)).toBeUndefined();
    expect(logged).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'skips the run while another instance holds the purge lock',
    async () => {
      const store = fileStoreFor(t.config);
      const fileId = await stalePng();
      const other = await pgClientFor(t);
      try {
        await other.query('select pg_advisory_lock($1::bigint)', [UPLOAD_PURGE_LOCK_ID]);
        expect(await purgeUnclaimedUploads(t.db, store)).toBe(0);
        expect(await fileRow(fileId)).toBeDefined();
        await other.query('select pg_advisory_unlock($1::bigint)', [UPLOAD_PURGE_LOCK_ID]);
        expect(await purgeUnclaimedUploads(t.db, store)).toBe(1);
      } finally {
        await other.end();
      }
    },
  );
});

/** A second connection to the test app's PostgreSQL database, like another instance. */
async function pgClientFor(testApp: UploadTestApp): Promise<pg.Client> {
  const rows = await testApp.db.execute(sql`select current_database() as name`);
  const name = (rows as unknown as { rows: Array<{ name: string }> }).rows[0]?.name ?? '';
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}
