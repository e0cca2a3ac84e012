/**
 * The console's outbox: GET /api/admin/outbox?page= lists every mail, newest first, with
 * its status, attempts and last error; PUT /api/admin/resendMail/:id puts a failed mail back
 * in the queue with fresh attempts (audited). Only a failed mail can be resent: a sent one
 * went out, and a pending one is still being tried.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  OUTBOX_PAGE_SIZE,
  type OutboxMail,
  type OutboxPage,
  type ResendMailResponse,
} from '../../../common/contract';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, notFound } from '../../http/errors';
import { isUuid } from '../../http/fields';
import { writeAudit } from '../audit';
import { findMail, listOutbox, requeueFailedMail, type OutboxRow } from '../mail';
import { pageCountOf, pageParam, queryParams } from './query-params';

function outboxMailView(row: OutboxRow): OutboxMail {
  return {
    _id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    language: row.language,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export const outboxRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/admin/outbox',
    { config: { access: 'admin' } },
    async (request): Promise<OutboxPage> => {
      const params = queryParams(request, ['page'] as const);
      const page = pageParam(params.page);
      const { rows, total } = await listOutbox(app.db, page, OUTBOX_PAGE_SIZE);
      return {
        items: rows.map(outboxMailView),
        page,
        pageCount: pageCountOf(total, OUTBOX_PAGE_SIZE),
        total,
      };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/admin/resendMail/:id',
    { config: { access: 'admin' } },
    async (request): Promise<ResendMailResponse> => {
      const { id } = request.params;
      const actorId = sessionOf(request).userId;
      if (!isUuid(id)) throw notFound('Mail not found.');
      const row = await app.db.transaction(async (tx) => {
        const requeued = await requeueFailedMail(tx, id);
        if (!requeued) {
          const existing = await findMail(tx, id);
          if (!existing) throw notFound('Mail not found.');
          throw new ApiError(
            409,
            `Only a failed mail can be sent again; this one is ${existing.status}.`,
            'state_changed',
          );
        }
        await writeAudit(tx, {
          actorId,
          action: 'mail.resent',
          targetType: 'mail',
          targetId: id,
          before: { status: 'failed' },
          after: { status: 'pending', kind: requeued.kind },
          reason: null,
          ip: request.ip,
        });
        return requeued;
      });
      request.log.info({ mailId: id }, 'failed mail queued again');
      return { message: 'The mail is queued again.', mail: outboxMailView(row) };
    },
  );
};
