/**
 * Transfers by Pay ID: one atomic entry in which the sender pays the amount, the receiver
 * gets the net and fee revenue gets the fee, with the minimum and fee percent of the site
 * settings. The receiver lookup answers only what the confirmation dialog shows.
 */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CreateTransferRequest, type PayIdUser } from '../../../common/contract';
import { displayMicros, splitFee } from '../../../common/money';
import { LOG_LIST_CAP, PAY_ID_DIGITS } from '../../../common/rules';
import { transfers, users } from '../../db/schema';
import { queryPrepared, type Db } from '../../db/client';
import { platformShard } from '../../ledger/accounts';
import { sessionOf } from '../../http/auth-guard';
import { perUserRateLimit } from '../../http/rate-limit';
import { ApiError, notFound } from '../../http/errors';
import { runIdempotentEntry } from '../../http/idempotency';
import { parseBody } from '../../http/validate';
import { InsufficientFundsError } from '../../ledger/posting';
import type { Posting, Tx } from '../../ledger/types';
import { assertSameAmount, isUuid, positiveAmountField } from './parse';
import { transferView } from './views';
import { newRecordId } from '../../lib/record-id';

const PAY_ID_PATTERN = new RegExp(`^[1-9]\\d{${PAY_ID_DIGITS - 1}}$`);
/** Lookups allowed per user per minute: enough to type, too few to enumerate. */
const PAY_ID_LOOKUPS_PER_MINUTE = 30;

interface TransferParty {
  id: string;
  username: string;
  payId: string;
  walletId: string;
  isSender: boolean;
  minMicros: string;
  chargeMicroPercent: string;
}

function normalizePayId(value: string | number): string | null {
  const text = String(value).trim();
  return PAY_ID_PATTERN.test(text) ? text : null;
}

async function findActiveUserByPayId(db: Db | Tx, payId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      payId: users.payId,
    })
    .from(users)
    .where(and(eq(users.payId, payId), eq(users.role, 'user'), isNull(users.disabledAt)))
    .limit(1);
  return row ?? null;
}

export const transferRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { payId: string } }>(
    '/getUserByPayId/:payId',
    {
      config: {
        access: 'user',
        rateLimit: perUserRateLimit(PAY_ID_LOOKUPS_PER_MINUTE, 60_000),
      },
    },
    async (request) => {
      const payId = normalizePayId(request.params.payId);
      const found = payId ? await findActiveUserByPayId(app.db, payId) : null;
      if (!found)
        throw new ApiError(404, 'No user has this Pay ID.', 'receiver_not_found', 'receivePId');
      const user: PayIdUser = { _id: found.id, username: found.username, fullName: found.fullName };
      return { user };
    },
  );

  app.post('/createTransfer', { config: { access: 'user' } }, async (request, reply) => {
    const body = parseBody(CreateTransferRequest, request.body);
    const { userId } = sessionOf(request);
    return runIdempotentEntry(
      request,
      reply,
      'createTransfer',
      async (db) => {
        const amountMicros = positiveAmountField(body.amount, 'amount');
        const payId = normalizePayId(body.receivePId);
        if (payId === null) {
          throw new ApiError(
            400,
            'Receiver Pay ID is not valid',
            'receiver_not_found',
            'receivePId',
          );
        }
        // Everything the transfer needs, in one round trip: both parties, their wallets and
        // the transfer rules. It reads outside a transaction: the write that follows is one
        // atomic statement, and the wallet's CHECK constraint, not this read, decides
        // whether the sender can pay.
        const rows = await queryPrepared<TransferParty>(
          db,
          sql`select u.id, u.username, u.pay_id as "payId", a.id as "walletId",
                     (u.id = ${userId}::uuid) as "isSender",
                     s.transfer_min_micros as "minMicros",
                     s.transfer_charge_micro_percent as "chargeMicroPercent"
              from users u
              join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'
              cross join site_settings s
              where s.id = 1 and (u.id = ${userId}::uuid
                or (u.pay_id = ${payId} and u.role = 'user' and u.disabled_at is null))`,
        );
        const sender = rows.find((row) => row.isSender);
        if (!sender) throw notFound('User not found.');
        if (sender.payId === payId) {
          throw new ApiError(400, 'You cannot send to yourself.', 'self_transfer', 'receivePId');
        }
        const receiver = rows.find((row) => !row.isSender);
        if (!receiver) {
          throw new ApiError(404, 'No user has this Pay ID.', 'receiver_not_found', 'receivePId');
        }
        const minMicros = BigInt(sender.minMicros);
        if (amountMicros < minMicros) {
          throw new ApiError(
            400,
            `Minimum amount is ${displayMicros(minMicros, 2, '')} USDT`,
            'amount',
            'amount',
          );
        }
        const split = splitFee(amountMicros, BigInt(sender.chargeMicroPercent));
        if (split.netMicros <= 0n) {
          throw new ApiError(400, 'The amount is too small after the fee.', 'amount', 'amount');
        }
        assertSameAmount(body.chargeAmount, split.feeMicros, 'chargeAmount');
        assertSameAmount(body.needToPay, split.netMicros, 'needToPay');

        const row: typeof transfers.$inferInsert & { id: string; createdAt: Date } = {
          id: newRecordId(),
          createdAt: new Date(),
          senderId: sender.id,
          receiverId: receiver.id,
          senderPayId: sender.payId,
          receiverPayId: receiver.payId,
          senderUsername: sender.username,
          receiverUsername: receiver.username,
          amountMicros,
          feeMicros: split.feeMicros,
          netMicros: split.netMicros,
        };
        const postings: Posting[] = [
          { accountId: sender.walletId, amountMicros: -amountMicros },
          { accountId: receiver.walletId, amountMicros: split.netMicros },
        ];
        if (split.feeMicros > 0n) {
          postings.push({
            accountId: platformShard(app.platformAccounts, 'fee_revenue'),
            amountMicros: split.feeMicros,
          });
        }
        return {
          statusCode: 201,
          body: { transfer: transferView(row) },
          entry: { kind: 'transfer', referenceType: 'transfer', referenceId: row.id, postings },
          inserts: (claimed) => [
            sql`transfer_row as (
                insert into transfers (id, sender_id, receiver_id, sender_pay_id, receiver_pay_id,
                  sender_username, receiver_username, amount_micros, fee_micros, net_micros,
                  created_at)
                select ${row.id}::uuid, ${row.senderId}::uuid, ${row.receiverId}::uuid,
                  ${row.senderPayId}::text, ${row.receiverPayId}::text, ${row.senderUsername}::text,
                  ${row.receiverUsername}::text, ${row.amountMicros}::bigint,
                  ${row.feeMicros}::bigint, ${row.netMicros}::bigint,
                  ${row.createdAt.toISOString()}::timestamptz
                where ${claimed})`,
          ],
        };
      },
      (error) =>
        error instanceof InsufficientFundsError
          ? new InsufficientFundsError('You cannot transfer more than your balance.')
          : error,
    );
  });

  app.get('/getUserTransferLog', { config: { access: 'user' } }, async (request) => {
    const { userId } = sessionOf(request);
    const rows = await app.db
      .select()
      .from(transfers)
      .where(or(eq(transfers.senderId, userId), eq(transfers.receiverId, userId)))
      .orderBy(desc(transfers.createdAt))
      .limit(LOG_LIST_CAP);
    return rows.map(transferView);
  });

  app.get<{ Params: { id: string } }>(
    '/getTransferDetails/:id',
    { config: { access: 'user' } },
    async (request) => {
      const { userId } = sessionOf(request);
      const { id } = request.params;
      const [row] = isUuid(id)
        ? await app.db
            .select()
            .from(transfers)
            .where(
              and(
                eq(transfers.id, id),
                or(eq(transfers.senderId, userId), eq(transfers.receiverId, userId)),
              ),
            )
            .limit(1)
        : [];
      if (!row) throw notFound('Transfer not found.');
      return { transfer: transferView(row) };
    },
  );
};
