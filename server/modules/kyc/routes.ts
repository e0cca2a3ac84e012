/**
 * Identity verification (KYC). A user sends the five-step form with three images (ID front
 * and back, face scan) uploaded before; the request is recorded as Pending and the user is
 * marked pending. An admin decides it once: Completed verifies the user (and records their
 * country), Rejected lets them send a new request. The images are only ever answered as
 * short-lived signed links: the owner's own, or an admin's, whose every view is audited.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  CreateKycBody,
  UpdateKycBody,
  type AdminKycResponse,
  type KycResponse,
} from '../../../common/contract';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, badRequest, conflict, decisionRefused, notFound } from '../../http/errors';
import { parseBody } from '../../http/validate';
import type { Tx } from '../../ledger/types';
import { writeAudit } from '../audit';
import { enqueueMail } from '../mail';
import { claimUpload, fileUrlOf } from '../files';
import { assertSameId, isUuid, reasonField } from '../../http/fields';
import { KYC_IMAGE_FIELDS, parseKycSubmission } from './fields';
import {
  decidePendingKyc,
  hasPendingKyc,
  insertKycRequest,
  kycStatus,
  kycWithUser,
  latestKycOfUser,
  lockVerificationFlags,
  setVerificationFlags,
} from './repository';
import { isoCountryOf, kycView, type KycRow } from './view';
import { newRecordId } from '../../lib/record-id';

export const KYC_PENDING_MESSAGE =
  'You already have a KYC request under review. Please wait for its result.';
export const ALREADY_VERIFIED_MESSAGE = 'Your account is already verified.';
export const KYC_NOT_FOUND_MESSAGE = 'No KYC request found.';
export const REASON_REQUIRED_MESSAGE = 'Please give a reason for the rejection.';

/** PostgreSQL's unique_violation: the one-open-request index caught a concurrent submission. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** The user's verification flags, locked for the rest of the transaction. */
async function lockUser(tx: Tx, userId: string) {
  const user = await lockVerificationFlags(tx, userId);
  if (!user) throw notFound('User not found.');
  return user;
}

export const kycRoutes: FastifyPluginAsync = async (app) => {
  const ownerLink = (fileId: string) => app.fileLinks.sign(fileId);
  const adminLink = (adminId: string) => (fileId: string) =>
    app.fileLinks.signForAdmin(fileId, adminId);

  app.post('/createKyc', { config: { access: 'user' } }, async (request, reply) => {
    const body = parseBody(CreateKycBody, request.body);
    const { userId } = sessionOf(request);
    const submission = parseKycSubmission(body, Date.now());

    let row: KycRow;
    try {
      row = await app.db.transaction(async (tx) => {
        // The user row lock orders concurrent submissions of one user; the partial unique
        // index (one Pending request per user) is the last word if anything slips through.
        const user = await lockUser(tx, userId);
        if (user.isVerified) throw conflict(ALREADY_VERIFIED_MESSAGE, 'already_verified');
        if ((await hasPendingKyc(tx, userId)) || user.isVerificationPending) {
          throw conflict(KYC_PENDING_MESSAGE, 'kyc_pending');
        }

        for (const field of KYC_IMAGE_FIELDS) {
          try {
            await claimUpload(tx, fileUrlOf(submission.fileIds[field]), userId, 'kyc');
          } catch (error) {
            // Say which image could not be used, so the form can point at it.
            if (error instanceof ApiError) {
              throw new ApiError(error.statusCode, error.message, error.code, field);
            }
            throw error;
          }
        }

        const { fileIds, ...fields } = submission;
        const created = await insertKycRequest(tx, {
          id: newRecordId(),
          userId,
          ...fields,
          idFrontFileId: fileIds.idFront,
          idBackFileId: fileIds.idBack,
          cameraRollFileId: fileIds.cameraRoll,
          status: 'Pending',
        });
        await setVerificationFlags(tx, userId, { isVerificationPending: true });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(KYC_PENDING_MESSAGE, 'kyc_pending');
      throw error;
    }
    request.log.info({ kycId: row.id, userId }, 'kyc requested');
    const response: KycResponse = { kyc: kycView(row, ownerLink) };
    return reply.code(201).send(response);
  });

  app.get('/getKycDetails', { config: { access: 'user' } }, async (request) => {
    const { userId } = sessionOf(request);
    const row = await latestKycOfUser(app.db, userId);
    if (!row) throw notFound(KYC_NOT_FOUND_MESSAGE);
    const response: KycResponse = { kyc: kycView(row, ownerLink) };
    return response;
  });

  app.put<{ Params: { id: string } }>(
    '/updateKyc/:id',
    { config: { access: 'admin' } },
    async (request) => {
      const body = parseBody(UpdateKycBody, request.body);
      assertSameId(body.id, request.params.id);
      const reason = reasonField(body.reason);
      if (body.status === 'Rejected' && reason === null) {
        throw badRequest(REASON_REQUIRED_MESSAGE, 'invalid_body', 'reason');
      }
      const actorId = sessionOf(request).userId;

      const row = await app.db.transaction(async (tx) => {
        const decided = isUuid(body.id)
          ? await decidePendingKyc(tx, body.id, {
              status: body.status,
              reason,
              decidedBy: actorId,
              decidedAt: new Date(),
            })
          : null;
        if (!decided) {
          const status = isUuid(body.id) ? await kycStatus(tx, body.id) : undefined;
          throw decisionRefused(status, 'KYC request');
        }

        const before = await lockUser(tx, decided.userId);
        const after =
          decided.status === 'Completed'
            ? {
                isVerified: true,
                isVerificationPending: false,
                country: isoCountryOf(decided.country),
              }
            : {
                isVerified: before.isVerified,
                isVerificationPending: false,
                country: before.country,
              };
        await setVerificationFlags(tx, decided.userId, after);
        await enqueueMail(
          tx,
          decided.status === 'Completed'
            ? { userId: decided.userId, kind: 'kyc_approved', params: {} }
            : { userId: decided.userId, kind: 'kyc_rejected', params: { reason: reason ?? '' } },
        );
        await writeAudit(tx, {
          actorId,
          action: decided.status === 'Completed' ? 'kyc.approved' : 'kyc.rejected',
          targetType: 'kyc',
          targetId: decided.id,
          before: { status: 'Pending', userId: decided.userId, user: before },
          after: { status: decided.status, userId: decided.userId, user: after },
          reason,
          ip: request.ip,
        });
        return decided;
      });
      request.log.info({ kycId: row.id, status: row.status }, 'kyc decided');
      const response: KycResponse = { kyc: kycView(row, adminLink(actorId)) };
      return response;
    },
  );

  /**
   * An admin opens a request with its documents. The answer's links name the admin, so each
   * image fetched is audited again by /files; this row records that the documents were
   * shown at all, with the ids of the files shown.
   */
  app.get<{ Params: { id: string } }>(
    '/admin/kyc/:id',
    { config: { access: 'admin' } },
    async (request): Promise<AdminKycResponse> => {
      const actorId = sessionOf(request).userId;
      const { id } = request.params;
      const found = isUuid(id) ? await kycWithUser(app.db, id) : null;
      if (!found) throw notFound('KYC request not found.');
      await app.db.transaction((tx) =>
        writeAudit(tx, {
          actorId,
          action: 'kyc.documents_viewed',
          targetType: 'kyc',
          targetId: found.kyc.id,
          after: {
            userId: found.kyc.userId,
            files: [found.kyc.idFrontFileId, found.kyc.idBackFileId, found.kyc.cameraRollFileId],
          },
          ip: request.ip,
        }),
      );
      return { kyc: kycView(found.kyc, adminLink(actorId)), user: found.user };
    },
  );
};
