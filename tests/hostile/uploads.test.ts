/**
 * Hostile uploads through `POST /upload`: polyglots, scripts and markup dressed as images,
 * pixel bombs, traversal file names, oversize bodies and a flood of anonymous uploads from
 * one address. Each is refused, or accepted only as a re-encoded image whose stored bytes
 * (decrypted from disk) hold nothing of the attack; memory and disk stay bounded; no answer
 * is a 5xx. tests/api/uploads.test.ts covers the ordinary rules; this file checks what
 * actually lands on disk and how much of it there can be.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../common/rules';
import { queryRows } from '../../server/db/client';
import { files } from '../../server/db/schema';
import { MAX_UNCLAIMED_UPLOADS_PER_ADDRESS } from '../../server/modules/files/routes';
import { fileStoreFor } from '../../server/modules/files/storage';
import { createTestApp, registerAndLogin, type TestApp } from '../api/harness';
import {
  closeHostileSuite,
  contractProblem,
  fileIdOf,
  summarize,
  type Headers,
  type Response,
} from './support';

// Made at load time: the table-driven tests below are built from them.
const png = await sharp({
  create: { width: 32, height: 24, channels: 3, background: '#2266aa' },
})
  .png()
  .toBuffer();
const jpeg = await sharp({
  create: { width: 32, height: 24, channels: 3, background: '#aa2266' },
})
  .jpeg()
  .toBuffer();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { uploadsPerMinute: 1000 });
}, 60_000);
afterAll(() => closeHostileSuite(t));

// Sending --------------------------------------------------------------------------------------

interface UploadOptions {
  filename?: string;
  contentType?: string;
  headers?: Headers;
  remoteAddress?: string;
}

/** A multipart body with one `file` part, the file name written into the header as given. */
function multipart(data: Buffer, filename: string, contentType: string) {
  const boundary = `----hostile${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(head, 'utf8'),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  app: FastifyInstance,
  data: Buffer,
  options: UploadOptions = {},
): Promise<Response> {
  const body = multipart(data, options.filename ?? 'photo.png', options.contentType ?? 'image/png');
  const res = await app.inject({
    method: 'POST',
    url: `/upload?timestamp=${Date.now()}`,
    payload: body.payload,
    headers: { 'content-type': body.type, ...options.headers },
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  });
  const problem = contractProblem(res);
  if (problem !== null) throw new Error(`upload broke the error contract: ${problem}`);
  return res;
}

// What is stored --------------------------------------------------------------------------------

async function storedRow(fileId: string) {
  const [row] = await t.app.db.select().from(files).where(eq(files.id, fileId));
  if (row === undefined) throw new Error(`no file row ${fileId}`);
  return row;
}

/** The bytes the server stored for an upload, decrypted from disk. */
async function storedBytes(fileId: string): Promise<Buffer> {
  return fileStoreFor(t.config).get((await storedRow(fileId)).storageName);
}

const filesDir = (app: TestApp) => path.join(app.config.dataDir, 'files');

/** Every file under a folder, recursively, with its size. */
function filesUnder(dir: string): { name: string; bytes: number }[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    const full = path.join(entry.parentPath, entry.name);
    return [{ name: path.relative(dir, full), bytes: fs.statSync(full).size }];
  });
}

const diskBytes = (dir: string) => filesUnder(dir).reduce((sum, f) => sum + f.bytes, 0);

async function fileCount(app: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    app.app.db,
    sql`select count(*)::text as n from files`,
  );
  return Number(row?.n ?? 0);
}

/** Markers of active content: none may survive into a stored image. */
const ACTIVE_CONTENT = ['<script', '<html', '<svg', 'javascript:', 'onerror', '<?php'];
const activeContentIn = (bytes: Buffer) =>
  ACTIVE_CONTENT.filter((marker) => bytes.toString('latin1').toLowerCase().includes(marker));

// Fixtures ---------------------------------------------------------------------------------------

/** A JPEG segment (marker + length + payload). */
function jpegSegment(marker: number, payload: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([Buffer.from([0xff, marker]), length, payload]);
}

/** A PNG chunk with its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';

/** Valid images carrying HTML and script where decoders do not look. */
function polyglots(): [string, Buffer, string][] {
  const soi = jpeg.subarray(0, 2);
  const rest = jpeg.subarray(2);
  const iend = png.length - 12;
  return [
    [
      'JPEG with a script comment and HTML after its end',
      Buffer.concat([soi, jpegSegment(0xfe, Buffer.from(SCRIPT)), rest, Buffer.from(SCRIPT)]),
      'image/jpeg',
    ],
    [
      'JPEG with script in an XMP segment',
      Buffer.concat([
        soi,
        jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>${SCRIPT}`)),
        rest,
      ]),
      'image/jpeg',
    ],
    [
      'PNG with script in a text chunk and HTML after IEND',
      Buffer.concat([
        png.subarray(0, 33),
        pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1')),
        png.subarray(33, iend),
        png.subarray(iend),
        Buffer.from(SCRIPT),
      ]),
      'image/png',
    ],
    [
      'PNG followed by a whole HTML page and a PHP tag',
      Buffer.concat([png, Buffer.from(`${SCRIPT}<?php echo 1; ?>`)]),
      'text/html',
    ],
  ];
}

/**
 * A real, valid PNG of `width` × `height` black 1-bit pixels: a few dozen kilobytes that
 * decode to `width × height` pixels. The rows are all zero, so the test only ever holds the
 * 1-bit image (50 MB at 20,000 × 20,000), never the decoded one.
 */
function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth 1
  ihdr[9] = 0; // greyscale; compression, filter and interlace stay 0
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small valid image whose header is patched to claim `width` × `height` pixels. */
function claimedSize(image: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(image);
  if (patched.subarray(12, 16).toString('latin1') === 'IHDR') {
    patched.writeUInt32BE(width, 16);
    patched.writeUInt32BE(height, 20);
    patched.writeUInt32BE(zlib.crc32(patched.subarray(12, 29)), 29);
    return patched;
  }
  // JPEG: the baseline frame header (SOF0) holds height then width after its precision byte.
  const sof = patched.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no SOF0 in the JPEG');
  patched.writeUInt16BE(height, sof + 5);
  patched.writeUInt16BE(width, sof + 7);
  return patched;
}

/** Runs `work` and answers the highest growth of the resident set size seen meanwhile. */
async function peakRssGrowth<T>(
  work: () => Promise<T>,
): Promise<{ result: T; growthBytes: number }> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthBytes: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

const MB = 1024 * 1024;

// Tests ------------------------------------------------------------------------------------------

describe('content that is not a plain image', () => {
  it.each(polyglots())(
    'a %s is stored only as a re-encoded image without the markup',
    async (_label, data, contentType) => {
      expect(activeContentIn(data).length).toBeGreaterThan(0);
      const res = await upload(t.app, data, { filename: 'page.html', contentType });
      // Accepted as the image it also is, or refused: never stored as sent.
      if (res.statusCode !== 201) {
        expect([400, 415]).toContain(res.statusCode);
        return;
      }
      const fileId = fileIdOf(res.json().fileUrl);
      const stored = await storedBytes(fileId);
      expect(activeContentIn(stored)).toEqual([]);
      expect(stored.equals(data)).toBe(false);
      const metadata = await sharp(stored).metadata();
      expect(['jpeg', 'png']).toContain(metadata.format);
      expect(metadata.comments).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      // What is served is what was stored, with a type no browser will sniff into HTML.
      const served = await t.app.inject({ url: t.app.fileLinks.sign(fileId) });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(stored)).toBe(true);
      expect(served.headers['content-type']).toMatch(/^image\/(jpeg|png)$/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">' +
    '<script>alert(document.domain)</script></svg>';
  const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
  it.each<[string, () => Buffer, string, string]>([
    ['an SVG with a script', () => Buffer.from(svg), 'logo.svg', 'image/svg+xml'],
    [
      'an SVG with an XML prolog, named .png',
      () => Buffer.from(`<?xml version="1.0"?>${svg}`),
      'a.png',
      'image/png',
    ],
    ['a gzipped SVG', () => zlib.gzipSync(svg), 'logo.svgz', 'image/svg+xml'],
    ['HTML named .jpg', () => Buffer.from(html), 'photo.jpg', 'image/jpeg'],
    ['HTML with a BOM named .png', () => Buffer.from(`\uFEFF${html}`), 'photo.png', 'image/png'],
    [
      'HTML behind a JPEG signature',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(html)]),
      'photo.jpg',
      'image/jpeg',
    ],
    [
      'HTML behind a PNG signature',
      () => Buffer.concat([png.subarray(0, 8), Buffer.from(html)]),
      'photo.png',
      'image/png',
    ],
    ['a PDF', () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF'), 'scan.jpg', 'image/jpeg'],
    ['a ZIP named .png', () => zlib.gzipSync(Buffer.from(html)), 'a.png', 'image/png'],
  ])('refuses %s and stores nothing', async (_label, make, filename, contentType) => {
    const before = await fileCount(t);
    const bytesBefore = diskBytes(filesDir(t));
    const res = await upload(t.app, make(), { filename, contentType });
    expect([400, 415]).toContain(res.statusCode);
    expect(res.json().error).toMatch(/Invalid image file/);
    expect(await fileCount(t)).toBe(before);
    expect(diskBytes(filesDir(t))).toBe(bytesBefore);
  });
});

describe('pixel bombs', () => {
  const bombs = (): [string, () => Buffer][] => [
    ['a real 20,000 × 20,000 PNG (1-bit, deflated)', () => blackPng(20_000, 20_000)],
    ['a small PNG whose header claims 20,000 × 20,000', () => claimedSize(png, 20_000, 20_000)],
    ['a small JPEG whose header claims 20,000 × 20,000', () => claimedSize(jpeg, 20_000, 20_000)],
    ['a small JPEG whose header claims 65,500 × 65,500', () => claimedSize(jpeg, 65_500, 65_500)],
    ['a PNG one pixel over 40 megapixels', () => claimedSize(png, 40_000_001, 1)],
  ];

  it.each(bombs())('refuses %s quickly, in bounded memory', async (_label, make) => {
    const bomb = make();
    expect(bomb.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const before = await fileCount(t);
    const started = performance.now();
    const { result: res, growthBytes } = await peakRssGrowth(() => upload(t.app, bomb));
    const elapsedMs = performance.now() - started;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: 'This image is too large. Please upload a smaller one.',
      code: 'invalid_upload',
    });
    // Decoding 400 megapixels would take seconds and hundreds of megabytes.
    expect(elapsedMs).toBeLessThan(3000);
    expect(growthBytes).toBeLessThan(100 * MB);
    expect(await fileCount(t)).toBe(before);
  });

  it('refuses ten bombs at once without queueing them behind each other', async () => {
    const bomb = blackPng(20_000, 20_000);
    const { result, growthBytes } = await peakRssGrowth(() =>
      Promise.all(Array.from({ length: 10 }, () => upload(t.app, bomb))),
    );
    expect(result.map((res) => res.statusCode)).toEqual(Array(10).fill(400));
    expect(growthBytes).toBeLessThan(150 * MB);
  });
});

describe('file names', () => {
  const names = [
    '../../etc/passwd.png',
    '../../../../../../tmp/evil.png',
    '/etc/passwd',
    '..\\..\\windows\\win.ini.png',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd.png',
    'a\u0000.png',
    'con.png',
    '.htaccess',
    `${'x'.repeat(4000)}.png`,
    '😀\u202Egnp.exe',
  ];

  it('never reach the disk or the database: files get random names of their own', async () => {
    const dir = filesDir(t);
    const parent = path.dirname(t.config.dataDir);
    // The temp folder is shared with other processes: look only for the names aimed at.
    const aimedAt = () => fs.readdirSync(parent).filter((n) => /passwd|evil|win\.ini/.test(n));
    const outsideBefore = aimedAt();
    const problems: string[] = [];
    const stored: string[] = [];
    for (const filename of names) {
      const res = await upload(t.app, png, { filename, contentType: 'image/png' });
      if (res.statusCode !== 201) {
        problems.push(`${JSON.stringify(filename.slice(0, 40))}: ${res.statusCode} ${res.body}`);
        continue;
      }
      const fileId = fileIdOf(res.json().fileUrl);
      const row = await storedRow(fileId);
      stored.push(row.storageName);
      expect(row.storageName).toMatch(/^[0-9a-f]{32}$/);
      const rowText = JSON.stringify(row);
      for (const fragment of ['passwd', 'evil', 'win.ini', 'htaccess', 'xxxxxxxx', '😀']) {
        if (rowText.includes(fragment)) problems.push(`row of ${filename} holds ${fragment}`);
      }
    }
    expect(problems, summarize(problems)).toEqual([]);
    // Only random storage names in the files folder, nothing beside the data folder.
    const names_ = filesUnder(dir).map((f) => f.name);
    expect(names_.every((name) => /^[0-9a-f]{32}$/.test(name))).toBe(true);
    for (const name of stored) expect(names_).toContain(name);
    expect(aimedAt()).toEqual(outsideBefore);
    expect(fs.existsSync('/tmp/evil.png')).toBe(false);
    expect(filesUnder(t.config.dataDir).some((f) => /passwd|evil|win\.ini/.test(f.name))).toBe(
      false,
    );
  });
});

describe('oversize', () => {
  it('refuses a body over 10 MB with 413, anonymous or signed in, and stores nothing', async () => {
    const user = await registerAndLogin(t.app);
    const before = await fileCount(t);
    const bytesBefore = diskBytes(filesDir(t));
    const big = Buffer.concat([png, randomBytes(UPLOAD_MAX_BYTES + 1024)]);
    for (const headers of [{}, user.auth]) {
      const res = await upload(t.app, big, { headers });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('payload_too_large');
    }
    // Two files of 6 MB each: over the limit together, and more than one file.
    const half = Buffer.concat([png, randomBytes(6 * MB)]);
    const boundary = '----hostiletwo';
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        half,
        Buffer.from('\r\n'),
      ]);
    const two = await t.app.inject({
      method: 'POST',
      url: '/upload',
      payload: Buffer.concat([part('a.png'), part('b.png'), Buffer.from(`--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(contractProblem(two)).toBeNull();
    expect([400, 413]).toContain(two.statusCode);
    expect(await fileCount(t)).toBe(before);
    expect(diskBytes(filesDir(t))).toBe(bytesBefore);
    // No half-written temp file was left behind.
    expect(filesUnder(filesDir(t)).filter((f) => f.name.startsWith('.tmp-'))).toEqual([]);
  });
});

describe('a flood of anonymous uploads from one address', () => {
  const FLOOD = 1000;

  /** Sends FLOOD uploads of `image` from `address`, a few at a time; answers the statuses. */
  async function flood(app: FastifyInstance, image: Buffer, address: string): Promise<number[]> {
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < FLOOD) {
        next += 1;
        const res = await upload(app, image, { remoteAddress: address });
        statuses.push(res.statusCode);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    return statuses;
  }

  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((counts, status) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {});

  it('at the production rate (20 a minute): 20 stored, the rest 429, disk bounded', async () => {
    const limited = await createTestApp({}, { uploadsPerMinute: 20 });
    try {
      const image = await sharp({
        create: {
          width: 640,
          height: 480,
          channels: 3,
          background: '#000',
          // Noise does not compress: each stored file is as large as such a photo gets.
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      const statuses = await flood(limited.app, image, '203.0.113.9');
      expect(tally(statuses)).toEqual({ 201: 20, 429: FLOOD - 20 });
      expect(await fileCount(limited)).toBe(20);
      const stored = filesUnder(filesDir(limited));
      expect(stored).toHaveLength(20);
      // Each stored file is at most the sanitised limit (twice the upload limit) plus its seal.
      const [row] = await queryRows<{ bytes: string }>(
        limited.app.db,
        sql`select coalesce(sum(size_bytes), 0)::text as bytes from files`,
      );
      expect(diskBytes(filesDir(limited))).toBe(Number(row?.bytes) + 20 * (12 + 16));
      expect(diskBytes(filesDir(limited))).toBeLessThan(20 * 2 * UPLOAD_MAX_BYTES);
      // Another address is not affected.
      expect((await upload(limited.app, png, { remoteAddress: '203.0.113.10' })).statusCode).toBe(
        201,
      );
    } finally {
      await limited.close();
    }
  }, 120_000);

  it(`beyond the rate limit, at most ${MAX_UNCLAIMED_UPLOADS_PER_ADDRESS} unclaimed uploads per address are kept`, async () => {
    const address = '203.0.113.77';
    const before = await fileCount(t);
    const bytesBefore = diskBytes(filesDir(t));
    const statuses = await flood(t.app, png, address);
    expect(tally(statuses)).toEqual({
      201: MAX_UNCLAIMED_UPLOADS_PER_ADDRESS,
      429: FLOOD - MAX_UNCLAIMED_UPLOADS_PER_ADDRESS,
    });
    expect((await fileCount(t)) - before).toBe(MAX_UNCLAIMED_UPLOADS_PER_ADDRESS);
    const grown = diskBytes(filesDir(t)) - bytesBefore;
    expect(grown).toBeLessThanOrEqual(MAX_UNCLAIMED_UPLOADS_PER_ADDRESS * (png.length * 4 + 28));
    // Signed in, the same address still uploads: its uploads belong to a user at once.
    const user = await registerAndLogin(t.app);
    const own = await upload(t.app, png, { remoteAddress: address, headers: user.auth });
    expect([201, 429]).toContain(own.statusCode);
  }, 120_000);
});
