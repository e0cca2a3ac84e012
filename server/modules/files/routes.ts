/**
 * File routes, registered outside /api (the contract's paths): `POST /upload` takes one image without a
 * token, sanitises it, stores it encrypted and answers `{ fileUrl: '/files/<id>' }`;
 * `GET /files/:id` serves a stored image to whoever holds a valid signed link, which the
 * server hands out only to the file's owner and to admins. An admin's link names the admin,
 * and every read through it writes a `file.viewed` audit row (actor, file, purpose) before a
 * byte is sent, and is never cached, so each view is recorded.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { UploadResponse } from '../../../common/contract';
import { UPLOAD_MAX_BYTES } from '../../../common/rules';
import type { Db } from '../../db/client';
import { bearerToken, READ_ONLY_MESSAGE } from '../../http/auth-guard';
import { ApiError, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { limitKeyOf } from '../../http/rate-limit';
import type { Tx } from '../../ledger/types';
import { Semaphore, SemaphoreFullError } from '../../lib/semaphore';
import { writeAudit } from '../audit';
import { findSession } from '../auth';
import { UNCLAIMED_UPLOAD_TTL_MS } from './claims';
import { sanitizeImage, type SanitizedImage } from './images';
import { createFileLinks, FILE_ID_PATTERN, fileUrlOf } from './links';
import {
  countUnclaimedUploads,
  findLinkViewer,
  findStoredFile,
  insertFile,
  lockUploader,
} from './repository';
import { fileStoreFor, StoredFileMissingError } from './storage';

export interface FileRoutesOptions {
  /**
   * Uploads allowed per minute to each signed-in user, and to each address without a
   * session (tests lower or raise it).
   */
  uploadsPerMinute: number;
}

/**
 * Unclaimed uploads one address (anonymous uploads) or one user (signed-in uploads) may
 * hold at once: a bound on the disk each can fill. The two are counted apart, so strangers
 * sharing a user's address cannot use up the user's uploads, nor the reverse.
 */
export const MAX_UNCLAIMED_UPLOADS_PER_ADDRESS = 50;
export const MAX_UNCLAIMED_UPLOADS_PER_USER = 50;
/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Decoding is the expensive part (up to ~160 MB per image): a few at a time, a short queue. */
const MAX_CONCURRENT_SANITIZES = 2;
const MAX_QUEUED_SANITIZES = 16;
/** Browsers may keep a served image this long at most, and never past the link's expiry. */
const MAX_CACHE_SECONDS = 300;

const FILE_TOO_LARGE_MESSAGE = 'File too large. Please upload an image under 10MB.';
const EXPIRED_LINK_MESSAGE = 'This link has expired. Please reload the page.';
const ONE_FILE_MESSAGE = 'Please send exactly one image in the "file" field.';
const NO_FILE_MESSAGE = 'No image was received. Please choose an image and try again.';
const MALFORMED_MESSAGE = 'The upload could not be read. Please try again.';
const TOO_MANY_UNCLAIMED_MESSAGE =
  'Too many uploads from your network. Please submit your form or try again tomorrow.';
const TOO_MANY_UNCLAIMED_OF_USER_MESSAGE =
  'You have many images that no form uses yet. Please submit your form or try again tomorrow.';
const BUSY_MESSAGE = 'The server is busy processing images. Please try again in a moment.';

const EXTENSIONS: Record<SanitizedImage['mimeType'], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

const payloadTooLarge = () => new ApiError(413, FILE_TOO_LARGE_MESSAGE, 'payload_too_large');
const invalidUpload = (message: string) => new ApiError(400, message, 'invalid_upload');

export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, options) => {
  if (!Number.isInteger(options.uploadsPerMinute) || options.uploadsPerMinute < 1) {
    throw new RangeError('uploadsPerMinute must be a positive integer');
  }
  // Registered here, not in the app, so multipart bodies are accepted by these routes only.
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: 0,
      parts: 2,
      headerPairs: 20,
      fieldNameSize: 100,
    },
    throwFileSizeLimit: true,
  });

  const store = fileStoreFor(app.config);
  const links = createFileLinks(app.config);
  const sanitizeSlots = new Semaphore(MAX_CONCURRENT_SANITIZES, MAX_QUEUED_SANITIZES);

  app.post(
    '/upload',
    {
      config: {
        // Not under /api, so the access hook ignores it; declared anyway so that mounting
        // these routes under /api by mistake keeps them working as intended (docs/product.md: no token).
        access: 'public',
        // After `findUploader`, so a signed-in upload counts against its user.
        rateLimit: {
          max: options.uploadsPerMinute,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: limitKeyOf,
        },
      },
      onRequest: findUploader,
    },
    async (request, reply) => {
      // The `timestamp` query is the client's cache-buster; nothing else is read from it.
      const declaredBytes = Number(request.headers['content-length']);
      if (declaredBytes > UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw payloadTooLarge();

      const session = request.session;
      await assertUploaderHasRoom(request);

      const input = await readSingleFile(request);
      let image: SanitizedImage;
      try {
        image = await sanitizeSlots.run(() => sanitizeImage(input));
      } catch (error) {
        if (error instanceof SemaphoreFullError) throw tooManyRequests(BUSY_MESSAGE);
        throw error;
      }

      const storageName = await store.put(image.data);
      let fileId: string;
      try {
        fileId = await app.db.transaction(async (tx) => {
          // Checked again where it counts: uploads of one uploader in flight at once all
          // passed the early check above, and without this lock each would be stored.
          await lockUploader(tx, limitKeyOf(request));
          await assertUploaderHasRoom(request, tx);
          return insertFile(tx, {
            // An upload with a valid token belongs to its user at once; without one it is
            // quarantined (no owner) until a signed-in request claims it.
            ownerId: session?.userId ?? null,
            storageName,
            mimeType: image.mimeType,
            sizeBytes: image.data.length,
            widthPx: image.widthPx,
            heightPx: image.heightPx,
            uploaderIp: request.ip,
          });
        });
      } catch (error) {
        // No row, no file: otherwise the encrypted bytes would stay until the orphan sweep.
        await store.remove(storageName).catch(() => undefined);
        throw error;
      }

      request.log.info(
        { fileId, sizeBytes: image.data.length, owned: session !== null },
        'file uploaded',
      );
      const response: UploadResponse = { fileUrl: fileUrlOf(fileId) };
      return reply.code(201).send(response);
    },
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/files/:id',
    // The signature is the permission: the server signs links only for owners and admins.
    { config: { access: 'public' } },
    async (request, reply) => {
      const fileId = request.params.id;
      if (!FILE_ID_PATTERN.test(fileId)) throw notFound();
      const nowMs = Date.now();
      const { exp, sig, admin } = request.query;
      const check = links.verify(fileId, exp, sig, nowMs, admin);
      if (!check.ok) throw forbidden(EXPIRED_LINK_MESSAGE);

      const file = await findStoredFile(app.db, fileId);
      if (file === null) throw notFound();
      const adminId = check.adminId ?? null;
      if (adminId !== null) await auditAdminView(request, adminId, fileId, file);
      const extension = EXTENSIONS[file.mimeType as SanitizedImage['mimeType']];
      if (extension === undefined) throw new Error(`Stored file has type ${file.mimeType}`);

      let data: Buffer;
      try {
        data = await store.get(file.storageName);
      } catch (error) {
        if (error instanceof StoredFileMissingError) {
          // A row without bytes: purged meanwhile, or stored on another instance's disk.
          request.log.warn({ fileId }, 'stored file missing');
          throw notFound();
        }
        throw error;
      }

      const remainingS = Math.floor((check.expiresAtMs - nowMs) / 1000);
      // An admin's view must reach the server each time to be audited: never cached.
      const cacheControl =
        adminId === null
          ? `private, max-age=${Math.min(remainingS, MAX_CACHE_SECONDS)}`
          : 'no-store';
      return (
        reply
          .header('Content-Type', file.mimeType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', cacheControl)
          .header('Content-Disposition', `inline; filename="${fileId}.${extension}"`)
          .header('Cross-Origin-Resource-Policy', 'same-origin')
          // Opened directly, the image gets a sandboxed document that can run nothing.
          .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox")
          .send(data)
      );
    },
  );

  /**
   * Records an admin's view of a document. The link was signed for this admin, but the
   * account may have lost its role or been disabled since: then the link is refused.
   */
  async function auditAdminView(
    request: FastifyRequest,
    adminId: string,
    fileId: string,
    file: { purpose: string | null; ownerId: string | null },
  ): Promise<void> {
    const account = await findLinkViewer(app.db, adminId);
    if (account === null || account.role !== 'admin' || account.disabledAt !== null) {
      throw forbidden(EXPIRED_LINK_MESSAGE);
    }
    await app.db.transaction((tx) =>
      writeAudit(tx, {
        actorId: adminId,
        action: 'file.viewed',
        targetType: 'file',
        targetId: fileId,
        after: { purpose: file.purpose, ownerId: file.ownerId },
        ip: request.ip,
      }),
    );
    request.log.info({ fileId, adminId, purpose: file.purpose }, 'admin viewed a file');
  }

  /**
   * `/upload` takes no token (docs/product.md), but with a live one the upload is the user's: its
   * limits count against the user, and a read-only session (an admin viewing the app as
   * the user) may not add anything, like every other change it tries. A dead or unknown
   * token uploads anonymously, as no token would.
   */
  async function findUploader(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    const session = token === null ? null : await findSession(app.db, token, request.ip);
    if (session !== null && session.impersonatedBy !== null) {
      throw new ApiError(403, READ_ONLY_MESSAGE, 'read_only_session');
    }
    request.session = session;
  }

  /** The uploader's unclaimed uploads of the last 24 h: a user's own, or an address's anonymous ones. */
  async function assertUploaderHasRoom(
    request: FastifyRequest,
    db: Db | Tx = app.db,
  ): Promise<void> {
    const since = new Date(Date.now() - UNCLAIMED_UPLOAD_TTL_MS);
    const userId = request.session?.userId ?? null;
    const unclaimed = await countUnclaimedUploads(db, { userId, ip: request.ip }, since);
    const max =
      userId === null ? MAX_UNCLAIMED_UPLOADS_PER_ADDRESS : MAX_UNCLAIMED_UPLOADS_PER_USER;
    if (unclaimed >= max) {
      throw tooManyRequests(
        userId === null ? TOO_MANY_UNCLAIMED_MESSAGE : TOO_MANY_UNCLAIMED_OF_USER_MESSAGE,
      );
    }
  }
};

/**
 * Reads the one file part named `file`. The multipart limits turn a second file, any text
 * field or too many parts into errors, which are answered as 400; a file over the size
 * limit is answered as 413.
 */
async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalidUpload(NO_FILE_MESSAGE);
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || data !== null) {
        throw invalidUpload(ONE_FILE_MESSAGE);
      }
      data = await (part as MultipartFile).toBuffer();
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (data === null) throw invalidUpload(NO_FILE_MESSAGE);
  if (data.length > UPLOAD_MAX_BYTES) throw payloadTooLarge();
  return data;
}

function multipartError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return invalidUpload(ONE_FILE_MESSAGE);
  }
  // Everything else raised while parsing is a malformed body (busboy's "Unexpected end of
  // form", a missing boundary, a prototype field name, a closed connection).
  return invalidUpload(MALFORMED_MESSAGE);
}
