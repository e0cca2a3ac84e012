/**
 * Transfers by Pay ID: one atomic entry in which the sender pays the amount, the receiver
 * gets the net and fee revenue gets the fee, with the minimum and fee percent of the site
 * settings. The receiver lookup answers only what the confirmation dialog shows.
 *
 * A transfer is, most of the time, ONE round trip: its share of the batch statement
 * (transfer-batch.ts) that checks the session and the facts the transfer was made from,
 * claims the idempotency key, inserts the transfer row and posts the entry; transfers
 * arriving together share that statement and its commit. The session and the facts (both
 * parties, the rules) come from what was read in the last few seconds (transfer-parties.ts,
 * auth/sessions.ts); when the statement finds one of them changed, or a refusal would rest on
 * one, nothing is written and the request is decided again from fresh reads, as it was before
 * there were recent facts. `npm run bench:transfers` measures it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CreateTransferRequest, type PayIdUser } from '../../../common/contract';
import { displayMicros, formatMicros, splitFee } from '../../../common/money';
import { LOG_LIST_CAP, PAY_ID_DIGITS } from '../../../common/rules';
import { users } from '../../db/schema';
import type { Db } from '../../db/client';
import { admitSession, sessionOf, type SessionInfo } from '../../http/auth-guard';
import { ApiError, notFound } from '../../http/errors';
import { assertSameAmount, isUuid, positiveAmountField } from '../../http/fields';
import { idempotentRequest, sendAnswer, storedAnswer, type KeyRow } from '../../http/idempotency';
import { perUserRateLimit } from '../../http/rate-limit';
import { parseBody } from '../../http/validate';
import { platformShard, type PlatformAccounts } from '../../ledger/accounts';
import { InsufficientFundsError } from '../../ledger/errors';
import type { Tx } from '../../ledger/types';
import { newRecordId } from '../../lib/record-id';
import { findSession, forgetRecentSession } from '../auth';
import { prepareMail } from '../mail';
import { emailUnverified, requireStepUp } from '../users';
import { transferBatcher, type TransferBatchItem } from './transfer-batch';
import {
  forgetTransferFacts,
  transferFacts,
  type TransferFacts,
  type TransferRules,
} from './transfer-parties';
import { transferView } from './views';
import { transferOfUser, transfersOfUser } from './history-repository';

const PAY_ID_PATTERN = new RegExp(`^[1-9]\\d{${PAY_ID_DIGITS - 1}}$`);
/** Lookups allowed per user per minute: enough to type, too few to enumerate. */
const PAY_ID_LOOKUPS_PER_MINUTE = 30;

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

  app.post(
    '/createTransfer',
    // The batch statement checks the session again, so the guard may use a recent one.
    { config: { access: 'user', sessionCheckedInWrite: true } },
    async (request, reply) => {
      const recent = await transferAttempt(app, request, reply, false);
      if (recent !== STALE) return recent;
      // A recently read fact was stale, or a refusal rested on one: forget them and decide
      // again from fresh reads, the session first.
      await admitSession(request, 'user', findSession);
      for (let attempt = 1; attempt <= FRESH_ATTEMPTS; attempt += 1) {
        const fresh = await transferAttempt(app, request, reply, true);
        if (fresh !== STALE) return fresh;
      }
      // The facts changed under every attempt (an edit storm): nothing was written.
      reply.header('retry-after', '1');
      throw new ApiError(
        503,
        'The server is busy. Please try again in a moment.',
        'service_unavailable',
      );
    },
  );

  app.get('/getUserTransferLog', { config: { access: 'user' } }, async (request) => {
    const { userId } = sessionOf(request);
    const rows = await transfersOfUser(app.db, userId, LOG_LIST_CAP);
    return rows.map(transferView);
  });

  app.get<{ Params: { id: string } }>(
    '/getTransferDetails/:id',
    { config: { access: 'user' } },
    async (request) => {
      const { userId } = sessionOf(request);
      const { id } = request.params;
      const row = isUuid(id) ? await transferOfUser(app.db, userId, id) : null;
      if (!row) throw notFound('Transfer not found.');
      return { transfer: transferView(row) };
    },
  );
};

/** A transfer attempt that found a recently read fact stale: nothing was written. */
const STALE = Symbol('stale');
/** Attempts from fresh reads before a transfer whose facts keep changing answers 503. */
const FRESH_ATTEMPTS = 3;

/**
 * One attempt at the request: from recently read facts (`fresh` false) or from fresh reads.
 * Answers the reply, or STALE when a recently read fact turned out stale, or when the attempt
 * would refuse on the strength of one (then nothing is answered from it).
 */
async function transferAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  fresh: boolean,
): Promise<FastifyReply | typeof STALE> {
  const session = sessionOf(request);
  let facts: TransferFacts | null = null;
  const usedRecent = () => session.fromCache === true || facts?.recent === true;
  try {
    const body = parseBody(CreateTransferRequest, request.body);
    const idempotent = idempotentRequest(request, reply, 'createTransfer');
    // The second factor before the transfer's statement; a retry of an answered key replays
    // without a code. Without one, the statement checks that it is still off.
    if (session.twoFactorEnabled) await requireStepUp(request, idempotent.answered);
    const payId = normalizePayId(body.receivePId);
    if (payId !== null) facts = await transferFacts(app.db, session.userId, payId, fresh);
    try {
      const transfer = prepareTransfer(body, payId, facts, app.platformAccounts);
      const answer = storedAnswer(201, { transfer: transferView(transfer.row) });
      const outcome = await postTransfer(app.db, transfer, idempotent.keyRow(answer), session);
      if (outcome === 'stale') throw STALE;
      return outcome === 'posted' ? sendAnswer(reply, answer) : idempotent.replay();
    } catch (error) {
      if (error === STALE || usedRecent()) throw error;
      // A retry of an answered key gets its first answer even when the world changed since.
      return await idempotent.recover(error);
    }
  } catch (error) {
    // A stale fact, or a refusal decided on recently read facts: decided again, fresh.
    if (error === STALE || usedRecent()) {
      forgetTransfer(app.db, session.tokenHash, session.userId, request.body);
      return STALE;
    }
    throw error;
  }
}

/** Forgets the recently read facts of a transfer attempt that found one stale. */
function forgetTransfer(db: Db, tokenHash: string, senderId: string, body: unknown): void {
  forgetRecentSession(db, tokenHash);
  const payId = (body as { receivePId?: unknown } | null)?.receivePId;
  if (typeof payId === 'string' || typeof payId === 'number') {
    const normalized = normalizePayId(payId);
    if (normalized !== null) forgetTransferFacts(db, senderId, normalized);
  }
}

/**
 * A checked transfer: its row as it will be stored, the accounts of its entry (the sender
 * pays the amount, the receiver gets the net, a fee revenue shard the fee if any) and the
 * rules it was checked against, which its statement checks again.
 */
interface PreparedTransfer {
  row: TransferBatchItem['row'];
  senderWallet: string;
  receiverWallet: string;
  feeAccount: string | null;
  rules: TransferRules;
}

/** Checks the transfer against its facts and makes its row: the refusals a user can correct. */
function prepareTransfer(
  body: CreateTransferRequest,
  payId: string | null,
  facts: TransferFacts | null,
  platformAccounts: PlatformAccounts,
): PreparedTransfer {
  const amountMicros = positiveAmountField(body.amount, 'amount');
  if (payId === null || facts === null) {
    throw new ApiError(400, 'Receiver Pay ID is not valid', 'receiver_not_found', 'receivePId');
  }
  const { sender, receiver, rules } = facts;
  if (!sender) throw notFound('User not found.');
  if (!sender.emailVerified) throw emailUnverified();
  if (sender.payId === payId) {
    throw new ApiError(400, 'You cannot send to yourself.', 'self_transfer', 'receivePId');
  }
  if (!receiver) {
    throw new ApiError(404, 'No user has this Pay ID.', 'receiver_not_found', 'receivePId');
  }
  if (amountMicros < rules.minMicros) {
    throw new ApiError(
      400,
      `Minimum amount is ${displayMicros(rules.minMicros, 2, '')} USDT`,
      'amount',
      'amount',
    );
  }
  const split = splitFee(amountMicros, rules.chargeMicroPercent);
  if (split.netMicros <= 0n) {
    throw new ApiError(400, 'The amount is too small after the fee.', 'amount', 'amount');
  }
  assertSameAmount(body.chargeAmount, split.feeMicros, 'chargeAmount');
  assertSameAmount(body.needToPay, split.netMicros, 'needToPay');

  const row: PreparedTransfer['row'] = {
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
  return {
    row,
    senderWallet: sender.walletId,
    receiverWallet: receiver.walletId,
    feeAccount: split.feeMicros > 0n ? platformShard(platformAccounts, 'fee_revenue') : null,
    rules,
  };
}

/**
 * Writes the transfer through the batcher: its key's claim, the transfer row, the ledger
 * entry and the receiver's mail, in the statement of the batch it joins, which first checks
 * the session and every fact the transfer was made from. Answers posted, replay (the key was
 * stored before, and nothing changed) or stale (a fact changed: nothing was written).
 */
async function postTransfer(
  db: Db,
  transfer: PreparedTransfer,
  key: KeyRow,
  session: SessionInfo,
): Promise<'posted' | 'replay' | 'stale'> {
  const { row } = transfer;
  const outcome = await transferBatcher(db).submit({
    key,
    row,
    senderWallet: transfer.senderWallet,
    receiverWallet: transfer.receiverWallet,
    feeAccount: transfer.feeAccount,
    check: {
      tokenHash: session.tokenHash,
      twoFactorOff: !session.twoFactorEnabled,
      minMicros: transfer.rules.minMicros,
      chargeMicroPercent: transfer.rules.chargeMicroPercent,
    },
    // The receiver's mail, in the same statement: it exists exactly when the transfer does.
    mail: prepareMail({
      userId: row.receiverId,
      kind: 'transfer_received',
      params: {
        amount: formatMicros(row.netMicros),
        sender: `${row.senderUsername} (${row.senderPayId})`,
      },
    }),
  });
  if (outcome === 'insufficient') {
    throw new InsufficientFundsError('You cannot transfer more than your balance.');
  }
  if (outcome === 'missing_account') throw new Error('ledger: an account of the entry is missing');
  return outcome;
}
