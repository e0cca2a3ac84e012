/**
 * The ledger's invariants, checked from the database alone:
 * 1. every journal entry's postings sum to zero and stay within one currency (so the
 *    postings of each currency, USDT and PRACTICE, sum to zero apart);
 * 2. every account's cached balance equals the sum of its postings;
 * 3. no user wallet or practice account is negative, and holds are within 0..balance;
 * 4. every wallet's held amount equals its pending withdrawals plus its pending real
 *    trades' stakes, and every practice account's its pending practice trades' stakes.
 * Practice money is reported apart from USDT: it is never real money.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

export interface LedgerReport {
  accounts: number;
  entries: number;
  postings: number;
  totalPostedMicros: bigint;
  userBalancesMicros: bigint;
  userHeldMicros: bigint;
  /** The practice accounts' balances and holds (PRACTICE currency, not USDT). */
  practiceBalancesMicros: bigint;
  practiceHeldMicros: bigint;
  /** The sum of the PRACTICE currency's postings alone (0 when the books are right). */
  practicePostedMicros: bigint;
  violations: string[];
}

/** Examples listed per violation kind; the count is always exact. */
const EXAMPLES = 5;

export async function checkLedger(db: Db): Promise<LedgerReport> {
  const violations: string[] = [];

  const [totals] = await queryRows<{
    accounts: string;
    entries: string;
    postings: string;
    total: string | null;
  }>(
    db,
    sql`select (select count(*) from ledger_accounts) as accounts,
               (select count(*) from journal_entries) as entries,
               (select count(*) from postings) as postings,
               (select coalesce(sum(amount_micros), 0) from postings) as total`,
  );
  if (!totals) throw new Error('ledger check: no totals');
  const totalPostedMicros = BigInt(totals.total ?? 0);
  if (totalPostedMicros !== 0n) violations.push(`all postings sum to ${totalPostedMicros}, not 0`);

  const perCurrency = await queryRows<{ currency: string; total: string }>(
    db,
    sql`select a.currency, coalesce(sum(p.amount_micros), 0)::text as total
        from postings p join ledger_accounts a on a.id = p.account_id
        group by a.currency`,
  );
  for (const row of perCurrency) {
    if (BigInt(row.total) !== 0n)
      violations.push(`${row.currency} postings sum to ${row.total}, not 0`);
  }
  const practicePostedMicros = BigInt(
    perCurrency.find((row) => row.currency === 'PRACTICE')?.total ?? 0,
  );

  const mixed = await queryRows<{ entry_id: string; currencies: string }>(
    db,
    sql`select p.entry_id, string_agg(distinct a.currency, '+') as currencies
        from postings p join ledger_accounts a on a.id = p.account_id
        group by p.entry_id having count(distinct a.currency) > 1`,
  );
  for (const row of mixed.slice(0, EXAMPLES))
    violations.push(`entry ${row.entry_id} mixes currencies ${row.currencies}`);
  if (mixed.length > EXAMPLES)
    violations.push(`...and ${mixed.length - EXAMPLES} more entries mixing currencies`);

  const unbalanced = await queryRows<{ entry_id: string; sum: string }>(
    db,
    sql`select entry_id, sum(amount_micros) as sum from postings group by entry_id having sum(amount_micros) <> 0`,
  );
  for (const row of unbalanced.slice(0, EXAMPLES))
    violations.push(`entry ${row.entry_id} sums to ${row.sum}`);
  if (unbalanced.length > EXAMPLES)
    violations.push(`...and ${unbalanced.length - EXAMPLES} more unbalanced entries`);

  const drifted = await queryRows<{ id: string; kind: string; cached: string; posted: string }>(
    db,
    sql`select a.id, a.kind, a.balance_micros as cached, coalesce(p.sum, 0) as posted
        from ledger_accounts a
        left join (select account_id, sum(amount_micros) as sum from postings group by account_id) p
          on p.account_id = a.id
        where a.balance_micros <> coalesce(p.sum, 0)`,
  );
  for (const row of drifted.slice(0, EXAMPLES)) {
    violations.push(
      `account ${row.id} (${row.kind}) caches ${row.cached} but its postings sum to ${row.posted}`,
    );
  }
  if (drifted.length > EXAMPLES)
    violations.push(`...and ${drifted.length - EXAMPLES} more drifted accounts`);

  const negative = await queryRows<{ id: string; balance: string; held: string }>(
    db,
    sql`select id, balance_micros as balance, held_micros as held from ledger_accounts
        where kind in ('user_wallet', 'user_practice')
          and (balance_micros < 0 or held_micros < 0 or held_micros > balance_micros)`,
  );
  for (const row of negative.slice(0, EXAMPLES)) {
    violations.push(`wallet ${row.id} has balance ${row.balance} and hold ${row.held}`);
  }

  const wrongHolds = await queryRows<{
    id: string;
    held: string;
    withdrawals: string;
    trades: string;
  }>(
    db,
    sql`select a.id, a.held_micros as held, coalesce(w.pending, 0) as withdrawals,
               coalesce(t.pending, 0) as trades
        from ledger_accounts a
        left join (select user_id, sum(amount_micros) as pending from withdrawals
                   where status = 'Pending' group by user_id) w on w.user_id = a.user_id
        left join (select user_id, sum(stake_micros) as pending from trades
                   where status = 'Pending' and account = 'real'
                   group by user_id) t on t.user_id = a.user_id
        where a.kind = 'user_wallet'
          and a.held_micros <> coalesce(w.pending, 0) + coalesce(t.pending, 0)`,
  );
  for (const row of wrongHolds.slice(0, EXAMPLES)) {
    violations.push(
      `wallet ${row.id} holds ${row.held} but pending withdrawals (${row.withdrawals}) and pending trades (${row.trades}) total ${BigInt(row.withdrawals) + BigInt(row.trades)}`,
    );
  }
  if (wrongHolds.length > EXAMPLES)
    violations.push(`...and ${wrongHolds.length - EXAMPLES} more wallets with wrong holds`);

  const practiceHolds = await queryRows<{ id: string; held: string; trades: string }>(
    db,
    sql`select a.id, a.held_micros as held, coalesce(t.pending, 0) as trades
        from ledger_accounts a
        left join (select user_id, sum(stake_micros) as pending from trades
                   where status = 'Pending' and account = 'practice'
                   group by user_id) t on t.user_id = a.user_id
        where a.kind = 'user_practice' and a.held_micros <> coalesce(t.pending, 0)`,
  );
  for (const row of practiceHolds.slice(0, EXAMPLES)) {
    violations.push(
      `practice account ${row.id} holds ${row.held} but pending practice trades total ${row.trades}`,
    );
  }
  if (practiceHolds.length > EXAMPLES)
    violations.push(
      `...and ${practiceHolds.length - EXAMPLES} more practice accounts with wrong holds`,
    );

  const [users] = await queryRows<{ balance: string | null; held: string | null }>(
    db,
    sql`select sum(balance_micros) as balance, sum(held_micros) as held from ledger_accounts where kind = 'user_wallet'`,
  );
  const [practice] = await queryRows<{ balance: string | null; held: string | null }>(
    db,
    sql`select sum(balance_micros) as balance, sum(held_micros) as held from ledger_accounts where kind = 'user_practice'`,
  );
  return {
    accounts: Number(totals.accounts),
    entries: Number(totals.entries),
    postings: Number(totals.postings),
    totalPostedMicros,
    userBalancesMicros: BigInt(users?.balance ?? 0),
    userHeldMicros: BigInt(users?.held ?? 0),
    practiceBalancesMicros: BigInt(practice?.balance ?? 0),
    practiceHeldMicros: BigInt(practice?.held ?? 0),
    practicePostedMicros,
    violations,
  };
}
