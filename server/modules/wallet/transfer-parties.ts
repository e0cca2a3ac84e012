/**
 * Who a transfer is between and the rules it follows: both parties (user, Pay ID, name,
 * wallet, email proof) and the site's minimum and fee percent, read in one round trip, or
 * taken from the facts read in the last few seconds.
 *
 * Recently read facts only spare the read. The batch statement that writes the transfer
 * (`post_transfer_batch`) checks each of them again and refuses the transfer as `stale`
 * when one changed; the route then forgets them and decides again from a fresh read.
 */
import { sql } from 'drizzle-orm';
import { queryPrepared, type Db } from '../../db/client';
import { RecentCache } from '../../lib/recent-cache';
import { weakMemo } from '../../lib/weak-memo';

export interface TransferParty {
  id: string;
  username: string;
  payId: string;
  walletId: string;
  emailVerified: boolean;
}

export interface TransferRules {
  minMicros: bigint;
  chargeMicroPercent: bigint;
}

/** Both parties and the rules; `receiver` null when no active user has the Pay ID. */
export interface TransferFacts {
  sender: TransferParty | null;
  receiver: TransferParty | null;
  rules: TransferRules;
  /** Taken from recently read facts rather than read for this request. */
  recent: boolean;
}

/** Parties (senders and receivers apart) kept, and for how long at most. */
const RECENT_PARTIES_MAX = 10_000;
const RECENT_FACTS_TTL_MS = 30_000;

interface RecentFacts {
  senders: RecentCache<string, TransferParty>;
  receivers: RecentCache<string, TransferParty>;
  rules: RecentCache<'rules', TransferRules>;
}
const recentFactsOf = weakMemo((_db: Db): RecentFacts => ({
  senders: new RecentCache(RECENT_PARTIES_MAX, RECENT_FACTS_TTL_MS),
  receivers: new RecentCache(RECENT_PARTIES_MAX, RECENT_FACTS_TTL_MS),
  rules: new RecentCache(1, RECENT_FACTS_TTL_MS),
}));

interface PartyRow {
  id: string;
  username: string;
  payId: string;
  walletId: string;
  isSender: boolean;
  emailVerified: boolean;
  minMicros: string;
  chargeMicroPercent: string;
}

/**
 * Both parties and the rules, in one round trip. It reads outside a transaction: the batch
 * statement checks every fact again, and the wallet's CHECK constraint, not this read,
 * decides whether the sender can pay.
 */
async function readFacts(db: Db, senderId: string, payId: string): Promise<TransferFacts> {
  const rows = await queryPrepared<PartyRow>(
    db,
    sql`select u.id, u.username, u.pay_id as "payId", a.id as "walletId",
               (u.id = ${senderId}::uuid) as "isSender",
               (u.email_verified_at is not null) as "emailVerified",
               s.transfer_min_micros as "minMicros",
               s.transfer_charge_micro_percent as "chargeMicroPercent"
        from site_settings s
        left join (users u join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet')
          on u.id = ${senderId}::uuid
          or (u.pay_id = ${payId} and u.role = 'user' and u.disabled_at is null)
        where s.id = 1`,
  );
  const first = rows[0];
  if (first === undefined) throw new Error('transfer: the site settings row is missing');
  const party = (row: PartyRow | undefined): TransferParty | null =>
    row === undefined || row.id === null
      ? null
      : {
          id: row.id,
          username: row.username,
          payId: row.payId,
          walletId: row.walletId,
          emailVerified: row.emailVerified,
        };
  return {
    sender: party(rows.find((row) => row.isSender)),
    receiver: party(rows.find((row) => row.id !== null && !row.isSender)),
    rules: {
      minMicros: BigInt(first.minMicros),
      chargeMicroPercent: BigInt(first.chargeMicroPercent),
    },
    recent: false,
  };
}

/**
 * The facts of a transfer from `senderId` to `payId`: recently read ones when all are kept
 * (`fresh` false), otherwise read now and kept.
 */
export async function transferFacts(
  db: Db,
  senderId: string,
  payId: string,
  fresh: boolean,
): Promise<TransferFacts> {
  const recent = recentFactsOf(db);
  if (!fresh) {
    const sender = recent.senders.get(senderId);
    const receiver = recent.receivers.get(payId);
    const rules = recent.rules.get('rules');
    if (sender && receiver && rules) return { sender, receiver, rules, recent: true };
  }
  const facts = await readFacts(db, senderId, payId);
  if (facts.sender) recent.senders.set(senderId, facts.sender);
  if (facts.receiver && facts.receiver.payId === payId) recent.receivers.set(payId, facts.receiver);
  recent.rules.set('rules', facts.rules);
  return facts;
}

/** Forgets what was kept about a transfer whose batch found a fact changed. */
export function forgetTransferFacts(db: Db, senderId: string, payId: string): void {
  const recent = recentFactsOf(db);
  recent.senders.delete(senderId);
  recent.receivers.delete(payId);
  recent.rules.delete('rules');
}
