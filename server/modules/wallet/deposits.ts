/**
 * Deposits: the user sends crypto to the method's address and uploads a screenshot; the
 * request is recorded as Pending. An admin decides it once: Completed credits the amount
 * (deposit clearing → the user's wallet), Rejected credits nothing.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { CreateDepositRequest, UpdateDepositRequest } from '../../../common/contract';
import { LOG_LIST_CAP } from '../../../common/rules';
import { depositMethods } from '../../db/schema';
import { sessionOf } from '../../http/auth-guard';
import { badRequest, decisionRefused, notFound } from '../../http/errors';
import { runIdempotent } from '../../http/idempotency';
import { parseBody } from '../../http/validate';
import { platformShard, walletAccountId } from '../../ledger/accounts';
import { postEntry } from '../../ledger/posting';
import { writeAudit } from '../audit';
import { depositGuards } from '../limits';
import { enqueueMail } from '../mail';
import { formatMicros } from '../../../common/money';
import { activeMethod, checkLimits } from './requests';
import { claimUpload, parseFileUrl, UPLOAD_NOT_FOUND_MESSAGE } from '../files';
import {
  assertSameCoinUnits,
  assertSameId,
  coinUnitsField,
  isUuid,
  positiveAmountField,
  reasonField,
} from '../../http/fields';
import { depositView } from './views';
import { newRecordId } from '../../lib/record-id';
import { decidePendingDeposit, depositStatus, insertDeposit } from './deposits-repository';
import { depositOfUser, depositsOfUser, type DepositRow } from './history-repository';

/** A human-friendly unique reference: "DP" and 12 base-32 characters (60 random bits). */
function newDepositReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  let text = 'DP';
  for (const byte of bytes) text += alphabet[byte % alphabet.length];
  return text;
}

export const depositRoutes: FastifyPluginAsync = async (app) => {
  const link = (fileId: string) => app.fileLinks.sign(fileId);

  app.post('/createDeposit', { config: { access: 'user' } }, async (request, reply) => {
    const body = parseBody(CreateDepositRequest, request.body);
    const { userId } = sessionOf(request);
    return runIdempotent(request, reply, 'createDeposit', async (tx) => {
      const method = await activeMethod(tx, depositMethods, body.gatWay);
      const amountMicros = positiveAmountField(body.amount, 'amount');
      checkLimits(amountMicros, method, {
        min: 'Minimum is',
        max: 'Maximum is',
        unit: method.currency,
      });
      // The user's own time-out, self-exclusion and daily deposit limit (locks the user row).
      await depositGuards(tx, userId, amountMicros, app.nowMs());
      const coinUnits = coinUnitsField(amountMicros, method.conversionPriceMicros, 'amount');
      assertSameCoinUnits(body.coinConversion, coinUnits, 'coinConversion');
      if (body.transactionScreenshot.trim() === '') {
        throw badRequest(
          'Transaction screenshot is required',
          'invalid_upload',
          'transactionScreenshot',
        );
      }
      const screenshotFileId = parseFileUrl(body.transactionScreenshot);
      if (screenshotFileId === null) {
        throw badRequest(UPLOAD_NOT_FOUND_MESSAGE, 'invalid_upload', 'transactionScreenshot');
      }
      const row: DepositRow = {
        id: newRecordId(),
        userId,
        methodId: method.id,
        gateway: method.coinName,
        gatewayType: method.paymentAddressType,
        currency: method.coinSymbol,
        amountMicros,
        coinUnits,
        conversionRateMicros: method.conversionPriceMicros,
        screenshotFileId,
        transactionId: newDepositReference(),
        status: 'Pending',
        reason: null,
        decidedBy: null,
        decidedAt: null,
        createdAt: new Date(),
      };
      return {
        statusCode: 201,
        body: { deposit: depositView(row, link(screenshotFileId)) },
        apply: async (write) => {
          await claimUpload(write, body.transactionScreenshot, userId, 'deposit');
          await insertDeposit(write, row);
          request.log.info({ depositId: row.id, userId }, 'deposit requested');
        },
      };
    });
  });

  app.get('/getUserDepositLog', { config: { access: 'user' } }, async (request) => {
    const { userId } = sessionOf(request);
    const rows = await depositsOfUser(app.db, userId, LOG_LIST_CAP);
    return rows.map((row) => depositView(row, null));
  });

  app.get<{ Params: { id: string } }>(
    '/getDepositDetails/:id',
    { config: { access: 'user' } },
    async (request) => {
      const { userId } = sessionOf(request);
      const { id } = request.params;
      const row = isUuid(id) ? await depositOfUser(app.db, userId, id) : null;
      if (!row) throw notFound('Deposit not found.');
      return { deposit: depositView(row, link(row.screenshotFileId)) };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/updateDeposit/:id',
    { config: { access: 'admin' } },
    async (request) => {
      const body = parseBody(UpdateDepositRequest, request.body);
      assertSameId(body.id, request.params.id);
      const reason = reasonField(body.reason);
      const actorId = sessionOf(request).userId;
      const row = await app.db.transaction(async (tx) => {
        // The user sees why their deposit was refused, so a rejection must say it; a deposit
        // decided before is told as such first.
        if (body.status === 'Rejected' && reason === null) {
          const status = isUuid(body.id) ? await depositStatus(tx, body.id) : undefined;
          if (status !== 'Pending') throw decisionRefused(status, 'deposit');
          throw badRequest('A reason is required to reject a deposit.', 'invalid_body', 'reason');
        }
        const decided = isUuid(body.id)
          ? await decidePendingDeposit(tx, body.id, {
              status: body.status,
              reason,
              decidedBy: actorId,
              decidedAt: new Date(),
            })
          : null;
        if (!decided) {
          const status = isUuid(body.id) ? await depositStatus(tx, body.id) : undefined;
          throw decisionRefused(status, 'deposit');
        }
        if (decided.status === 'Completed') {
          await postEntry(tx, {
            kind: 'deposit',
            referenceType: 'deposit',
            referenceId: decided.id,
            postings: [
              {
                accountId: platformShard(app.platformAccounts, 'deposit_clearing'),
                amountMicros: -decided.amountMicros,
              },
              {
                accountId: await walletAccountId(tx, decided.userId),
                amountMicros: decided.amountMicros,
              },
            ],
          });
          await enqueueMail(tx, {
            userId: decided.userId,
            kind: 'deposit_credited',
            params: { amount: formatMicros(decided.amountMicros) },
          });
        }
        await writeAudit(tx, {
          actorId,
          action: decided.status === 'Completed' ? 'deposit.approved' : 'deposit.rejected',
          targetType: 'deposit',
          targetId: decided.id,
          before: { status: 'Pending' },
          after: { status: decided.status, amount: decided.amountMicros.toString() },
          reason,
          ip: request.ip,
        });
        return decided;
      });
      request.log.info({ depositId: row.id, status: row.status }, 'deposit decided');
      // The deciding admin's link: each fetch of the screenshot through it is audited.
      return {
        deposit: depositView(row, app.fileLinks.signForAdmin(row.screenshotFileId, actorId)),
      };
    },
  );
};
