/**
 * Transfers by Pay ID: one atomic entry in which the sender pays the amount, the receiver
 * gets the net and fee revenue gets the fee, with the minimum and fee percent of the site
 * settings. The receiver lookup answers only what the confirmation dialog shows.
 *
 * A transfer is three round trips: the session, one read of both parties and the rules, and
 * ONE statement that claims the idempotency key, inserts the transfer row and posts the
 * entry, the last two only where the key was claimed (`npm run bench:transfers` measures it).
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { CreateTransferRequest, type PayIdUser } from '../../../common/contract';
import { displayMicros, formatMicros, splitFee } from '../../../common/money';
import { LOG_LIST_CAP, PAY_ID_DIGITS } from '../../../common/rules';
import { transfers, users } from '../../db/schema';
import { queryPrepared, type Db } from '../../db/client';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, notFound } from '../../http/errors';
import { assertSameAmount, isUuid, positiveAmountField } from '../../http/fields';
import {
  idempotentRequest,
  sendAnswer,
  storedAnswer,
  type IdempotentRequest,
  type KeyClaim,
  type StoredAnswer,
} from '../../http/idempotency';
import { perUserRateLimit } from '../../http/rate-limit';
import { parseBody } from '../../http/validate';
import { platformShard, type PlatformAccounts } from '../../ledger/accounts';
import { InsufficientFundsError } from '../../ledger/errors';
import { postGuardedEntry } from '../../ledger/posting';
import type { EntrySpec, Posting, Tx } from '../../ledger/types';
import { requireStepUp } from '../users';
import { newRecordId } from '../../lib/record-id';
import { enqueueMailCte } from '../mail';
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
 * Makes the transfer under the request's key: reads and checks (one round trip), then ONE
 * statement claims the key, inserts the transfer row and posts the entry. Answers what was
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
  const posted = await postTransfer(app.db, transfer, idempotent.claim(answer));
  return posted ? answer : null;
}

/** A checked transfer: its row as it will be stored, and its balanced ledger entry. */
interface PreparedTransfer {
  row: typeof transfers.$inferInsert & { id: string; createdAt: Date };
  entry: EntrySpec;
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
  const postings: Posting[] = [
    { accountId: sender.walletId, amountMicros: -amountMicros },
    { accountId: receiver.walletId, amountMicros: split.netMicros },
  ];
  if (split.feeMicros > 0n) {
    postings.push({
      accountId: platformShard(platformAccounts, 'fee_revenue'),
      amountMicros: split.feeMicros,
    });
  }
  return {
    row,
    entry: { kind: 'transfer', referenceType: 'transfer', referenceId: row.id, postings },
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
 * The transfer's one statement: the key's claim, the transfer row and the ledger entry, the
 * row and the entry only where the key was claimed. True when it was; false when the key was
 * stored before, and then nothing changed. A sender who cannot pay aborts all of it.
 */
async function postTransfer(db: Db, transfer: PreparedTransfer, key: KeyClaim): Promise<boolean> {
  try {
    const entryId = await postGuardedEntry(db, transfer.entry, {
      ctes: [
        key.cte,
        transferInsert(transfer.row, key.claimed),
        // The receiver's mail, in the same statement: it exists exactly when the transfer does.
        enqueueMailCte(
          'receiver_mail',
          {
            userId: transfer.row.receiverId,
            kind: 'transfer_received',
            params: {
              amount: formatMicros(transfer.row.netMicros),
              sender: `${transfer.row.senderUsername} (${transfer.row.senderPayId})`,
            },
          },
          key.claimed,
        ),
      ],
      condition: key.claimed,
    });
    return entryId !== null;
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new InsufficientFundsError('You cannot transfer more than your balance.');
    }
    throw error;
  }
}

/** The CTE inserting the transfer row when `claimed` holds; plain SQL in a prepared statement. */
function transferInsert(row: PreparedTransfer['row'], claimed: SQL): SQL {
  return sql`transfer_row as (
      insert into transfers (id, sender_id, receiver_id, sender_pay_id, receiver_pay_id,
        sender_username, receiver_username, amount_micros, fee_micros, net_micros,
        created_at)
      select ${row.id}::uuid, ${row.senderId}::uuid, ${row.receiverId}::uuid,
        ${row.senderPayId}::text, ${row.receiverPayId}::text, ${row.senderUsername}::text,
        ${row.receiverUsername}::text, ${row.amountMicros}::bigint,
        ${row.feeMicros}::bigint, ${row.netMicros}::bigint,
        ${row.createdAt.toISOString()}::timestamptz
      where ${claimed})`;
}
