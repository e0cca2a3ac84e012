/**
 * Transfers by Pay ID: one atomic entry in which the sender pays the amount, the receiver
 * gets the net and fee revenue gets the fee, with the minimum and fee percent of the site
 * settings. The receiver lookup answers only what the confirmation dialog shows.
 *
 * A transfer is three round trips: the session, one read of both parties and the rules, and
 * its share of ONE batch statement that claims the idempotency key, inserts the transfer row
 * and posts the entry, the last two only where the key was claimed; transfers arriving
 * together share that statement and its commit (transfer-batch.ts; `npm run bench:transfers`
 * measures it).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { CreateTransferRequest, type PayIdUser } from '../../../common/contract';
import { displayMicros, formatMicros, splitFee } from '../../../common/money';
import { LOG_LIST_CAP, PAY_ID_DIGITS } from '../../../common/rules';
import { users } from '../../db/schema';
import { queryPrepared, type Db } from '../../db/client';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, notFound } from '../../http/errors';
import { assertSameAmount, isUuid, positiveAmountField } from '../../http/fields';
import {
  idempotentRequest,
  sendAnswer,
  storedAnswer,
  type IdempotentRequest,
  type KeyRow,
  type StoredAnswer,
} from '../../http/idempotency';
import { perUserRateLimit } from '../../http/rate-limit';
import { parseBody } from '../../http/validate';
import { platformShard, type PlatformAccounts } from '../../ledger/accounts';
import { InsufficientFundsError } from '../../ledger/errors';
import type { Tx } from '../../ledger/types';
import { requireStepUp } from '../users';
import { newRecordId } from '../../lib/record-id';
import { prepareMail } from '../mail';
import { transferBatcher, type TransferBatchItem } from './transfer-batch';
import { emailUnverified } from '../users';
import { transferView } from './views';
import { transferOfUser, transfersOfUser } from './history-repository';

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
  emailVerified: boolean;
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
    const idempotent = idempotentRequest(request, reply, 'createTransfer');
    // The second factor before the transfer's one statement; a retry of an answered key
    // replays without a code.
    await requireStepUp(request, idempotent.answered);
    let answer: StoredAnswer | null;
    try {
      answer = await transferOnce(app, userId, body, idempotent);
    } catch (error) {
      return idempotent.recover(error);
    }
    // The key was stored before: its answer, or the refusal of another body under it, is final.
    return answer === null ? idempotent.replay() : sendAnswer(reply, answer);
  });

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

/**
 * Makes the transfer under the request's key: reads and checks (one round trip), then the
 * batch statement it joins claims the key, inserts the transfer row and posts the entry. Answers what was
 * stored with the key, or null when the key was claimed before and nothing changed.
 */
async function transferOnce(
  app: FastifyInstance,
  senderId: string,
  body: CreateTransferRequest,
  idempotent: IdempotentRequest,
): Promise<StoredAnswer | null> {
  const transfer = await prepareTransfer(app.db, senderId, body, app.platformAccounts);
  const answer = storedAnswer(201, { transfer: transferView(transfer.row) });
  const posted = await postTransfer(app.db, transfer, idempotent.keyRow(answer));
  return posted ? answer : null;
}

/**
 * A checked transfer: its row as it will be stored, and the accounts of its entry (the
 * sender pays the amount, the receiver gets the net, a fee revenue shard the fee if any).
 */
interface PreparedTransfer {
  row: TransferBatchItem['row'];
  senderWallet: string;
  receiverWallet: string;
  feeAccount: string | null;
}

/**
 * Reads and checks the transfer, and makes its row and entry: the refusals a user can
 * correct come from here, before anything is written.
 */
async function prepareTransfer(
  db: Db,
  senderId: string,
  body: CreateTransferRequest,
  platformAccounts: PlatformAccounts,
): Promise<PreparedTransfer> {
  const amountMicros = positiveAmountField(body.amount, 'amount');
  const payId = normalizePayId(body.receivePId);
  if (payId === null) {
    throw new ApiError(400, 'Receiver Pay ID is not valid', 'receiver_not_found', 'receivePId');
  }
  const { sender, receiver } = await findParties(db, senderId, payId);
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
  };
}

/**
 * Both parties, their wallets and the transfer rules, in one round trip. It reads outside a
 * transaction: the write that follows is one atomic statement, and the wallet's CHECK
 * constraint, not this read, decides whether the sender can pay.
 */
async function findParties(
  db: Db,
  senderId: string,
  payId: string,
): Promise<{ sender: TransferParty; receiver: TransferParty }> {
  const rows = await queryPrepared<TransferParty>(
    db,
    sql`select u.id, u.username, u.pay_id as "payId", a.id as "walletId",
               (u.id = ${senderId}::uuid) as "isSender",
               (u.email_verified_at is not null) as "emailVerified",
               s.transfer_min_micros as "minMicros",
               s.transfer_charge_micro_percent as "chargeMicroPercent"
        from users u
        join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'
        cross join site_settings s
        where s.id = 1 and (u.id = ${senderId}::uuid
          or (u.pay_id = ${payId} and u.role = 'user' and u.disabled_at is null))`,
  );
  const sender = rows.find((row) => row.isSender);
  if (!sender) throw notFound('User not found.');
  if (!sender.emailVerified) throw emailUnverified();
  if (sender.payId === payId) {
    throw new ApiError(400, 'You cannot send to yourself.', 'self_transfer', 'receivePId');
  }
  const receiver = rows.find((row) => !row.isSender);
  if (!receiver) {
    throw new ApiError(404, 'No user has this Pay ID.', 'receiver_not_found', 'receivePId');
  }
  return { sender, receiver };
}

/**
 * Writes the transfer through the batcher: its key's claim, the transfer row, the ledger
 * entry and the receiver's mail, in the statement of the batch it joins. True when it was
 * posted; false when the key was stored before, and then nothing changed.
 */
async function postTransfer(db: Db, transfer: PreparedTransfer, key: KeyRow): Promise<boolean> {
  const { row } = transfer;
  const outcome = await transferBatcher(db).submit({
    key,
    row,
    senderWallet: transfer.senderWallet,
    receiverWallet: transfer.receiverWallet,
    feeAccount: transfer.feeAccount,
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
  return outcome === 'posted';
}
