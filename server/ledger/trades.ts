/**
 * Timed trades, the ledger side: the stake is held while a trade is pending, and settling
 * it releases the hold and posts the result, exactly once.
 *
 * The outcome is decided by the rule alone, from two prices the server recorded: a buy
 * wins when the exit price is above the entry price, a sell when it is below; an exit equal
 * to the entry is a draw (stake back), and no recorded exit price within the settlement
 * window makes the trade void (stake back). Prices are compared as exact decimal strings,
 * never as floats.
 *
 * Money (all integers of micro-USDT):
 * - win:  profit = floor(stake × payoutMicroPercent ÷ 100,000,000); the trading house pays
 *         the profit to the wallet; returned = stake + profit. Rounding down means the house
 *         never pays a fraction of a micro-USDT it did not promise (the published percent is
 *         an upper bound, off by less than one micro-USDT).
 * - loss: the wallet pays the stake to the trading house; returned = 0.
 * A practice trade is settled by the same code, with the practice account for the wallet
 * and the practice house for the trading house (PRACTICE currency, never USDT).
 * - draw, void: nothing is posted; returned = stake.
 * In every case the hold of the stake is released.
 *
 * Settling is set-based so a sweeper can settle hundreds of trades in a handful of
 * statements: one conditional UPDATE of the trades (`status = 'Pending'`, so a trade settles
 * once however many instances try), one statement that locks the touched accounts in id
 * order (no deadlocks with postEntry, which locks the same way), moves their balances and
 * holds, and inserts the journal entries and their postings. The unique index on
 * journal_entries(reference_type, reference_id, kind) is a second guard against a double
 * settlement.
 */
import { sql } from 'drizzle-orm';
import { SETTLEMENT_WINDOW_S } from '../../common/rules';
import { queryRows } from '../db/client';
import { platformShard, type PlatformAccounts } from './accounts';
import { InsufficientFundsError } from './errors';
import {
  settlementAmounts,
  tradeOutcome,
  type TradeDirection,
  type TradeOutcome,
} from './trade-rule';
import type { Currency, Tx } from './types';

// The rule itself is pure and lives apart, so the offline receipts check runs it without a
// database (server/ledger/trade-rule.ts).
export {
  compareDecimals,
  ruleOf,
  settlementAmounts,
  tradeOutcome,
  winProfitMicros,
  type TradeDirection,
  type TradeOutcome,
} from './trade-rule';

/** Journal entries of settlements: kind and reference type. */
export const TRADE_SETTLEMENT_KIND = 'trade_settlement';
export const TRADE_REFERENCE_TYPE = 'trade';
export const VOID_REASON_NO_EXIT_TICK = `No recorded price within ${SETTLEMENT_WINDOW_S} s after expiry`;

/**
 * A real trade stakes the user's wallet against the trading house; a practice trade stakes
 * the practice account against the practice house. Nothing else differs: the same rule,
 * the same code, the same receipt.
 */
export type TradeAccount = 'real' | 'practice';
const HOUSE_OF: Record<TradeAccount, 'trading_house' | 'practice_house'> = {
  real: 'trading_house',
  practice: 'practice_house',
};
const CURRENCY_OF: Record<TradeAccount, Currency> = { real: 'USDT', practice: 'PRACTICE' };

/** A batch larger than this is a bug in the caller (the sweeper takes 500 at a time). */
const MAX_SETTLEMENT_BATCH = 1000;

/** A pending trade as settlement needs it (read from its locked row). */
export interface PendingTrade {
  id: string;
  /** Real money or practice money: which of the owner's accounts and which house. */
  account: TradeAccount;
  /** The trade owner's account that holds the stake: the wallet, or the practice account. */
  walletAccountId: string;
  direction: TradeDirection;
  stakeMicros: bigint;
  payoutMicroPercent: bigint;
  entryPrice: string;
}

/** The exit tick: the first recorded tick at or after expiry, within the window. */
export interface ExitTick {
  price: string;
  recordedAt: Date;
  source: string;
}

export interface TradeSettlement {
  tradeId: string;
  result: TradeOutcome;
  exit: ExitTick | null;
  returnedMicros: bigint;
  /** returned − stake: the signed gain or loss. */
  profitMicros: bigint;
  voidReason: string | null;
  settledAt: Date;
}

/** Decides a settlement without touching the database. */
export function decideSettlement(
  trade: PendingTrade,
  exit: ExitTick | null,
  nowMs: number,
): TradeSettlement {
  const result = tradeOutcome(trade.direction, trade.entryPrice, exit?.price ?? null);
  const amounts = settlementAmounts(result, trade.stakeMicros, trade.payoutMicroPercent);
  return {
    tradeId: trade.id,
    result,
    exit,
    returnedMicros: amounts.returnedMicros,
    profitMicros: amounts.walletDeltaMicros,
    voidReason: result === 'void' ? VOID_REASON_NO_EXIT_TICK : null,
    settledAt: new Date(nowMs),
  };
}

/**
 * A PostgreSQL array literal of `values` (each quoted, NULL for null), sent as ONE text
 * parameter and cast in SQL (`::uuid[]`, `::bigint[]`...). A batch then costs a dozen
 * parameters instead of thousands, which PostgreSQL plans and the driver sends far faster.
 */
export function pgArray(values: ReadonlyArray<string | bigint | null>): string {
  const items = values.map((value) =>
    value === null ? 'NULL' : `"${String(value).replace(/[\\"]/g, '\\$&')}"`,
  );
  return `{${items.join(',')}}`;
}

/**
 * Settles `items` inside `tx` and answers the settlements it made. A trade that is no
 * longer pending is left alone (someone settled it first) and is not in the answer; a
 * trade that is pending but whose row does not match what was passed (stake, payout,
 * entry price, direction or wallet) is a bug and throws, rolling everything back.
 */
export async function settleTrades(
  tx: Tx,
  platform: PlatformAccounts,
  items: ReadonlyArray<{ trade: PendingTrade; exit: ExitTick | null }>,
  nowMs: number,
): Promise<TradeSettlement[]> {
  if (items.length === 0) return [];
  if (items.length > MAX_SETTLEMENT_BATCH) {
    throw new Error(`ledger: at most ${MAX_SETTLEMENT_BATCH} trades per settlement batch`);
  }
  if (new Set(items.map((item) => item.trade.id)).size !== items.length) {
    throw new Error('ledger: a trade appears twice in one settlement batch');
  }
  const decided = items.map(({ trade, exit }) => ({
    trade,
    settlement: decideSettlement(trade, exit, nowMs),
  }));
  const settledAt = new Date(nowMs).toISOString();

  // 1. The trades, conditionally: only rows still pending and matching what was decided on.
  const column = (pick: (d: (typeof decided)[number]) => string | bigint | null) =>
    pgArray(decided.map(pick));
  const updated = await queryRows<{ id: string }>(
    tx,
    sql`update trades t set status = 'Completed', result = v.result, exit_price = v.exit_price,
          exit_tick_at = v.exit_at, exit_source = v.exit_source, returned_micros = v.returned,
          void_reason = v.void_reason, settled_at = ${settledAt}::timestamptz
        from unnest(${column((d) => d.trade.id)}::uuid[],
                    ${column((d) => d.trade.walletAccountId)}::uuid[],
                    ${column((d) => d.trade.account)}::text[],
                    ${column((d) => d.trade.direction)}::text[],
                    ${column((d) => d.trade.stakeMicros)}::bigint[],
                    ${column((d) => d.trade.payoutMicroPercent)}::bigint[],
                    ${column((d) => d.trade.entryPrice)}::numeric[],
                    ${column((d) => d.settlement.result)}::text[],
                    ${column((d) => d.settlement.exit?.price ?? null)}::numeric[],
                    ${column((d) => d.settlement.exit?.recordedAt.toISOString() ?? null)}::timestamptz[],
                    ${column((d) => d.settlement.exit?.source ?? null)}::text[],
                    ${column((d) => d.settlement.returnedMicros)}::bigint[],
                    ${column((d) => d.settlement.voidReason)}::text[])
             as v(id, wallet, account, direction, stake, payout, entry_price, result,
                  exit_price, exit_at, exit_source, returned, void_reason)
        join ledger_accounts a on a.id = v.wallet
          and a.kind = case v.account when 'practice' then 'user_practice' else 'user_wallet' end
        where t.id = v.id and t.status = 'Pending' and a.user_id = t.user_id
          and t.account = v.account
          and t.direction = v.direction and t.stake_micros = v.stake
          and t.payout_micro_percent = v.payout and t.entry_price = v.entry_price
        returning t.id::text as id`,
  );
  const settledIds = new Set(updated.map((row) => row.id));
  if (settledIds.size < decided.length) {
    const missing = decided.filter(({ trade }) => !settledIds.has(trade.id));
    const stillPending = await queryRows<{ n: string }>(
      tx,
      sql`select count(*)::text as n from trades
          where status = 'Pending' and id = any(${pgArray(missing.map(({ trade }) => trade.id))}::uuid[])`,
    );
    if (Number(stillPending[0]?.n ?? 0) > 0) {
      throw new Error('ledger: a pending trade does not match the data it was settled with');
    }
  }
  const settled = decided.filter(({ trade }) => settledIds.has(trade.id));
  if (settled.length === 0) return [];

  // 2. Balances and holds per account, and one entry per trade whose wallet moves.
  const houses: Record<TradeAccount, string> = {
    real: platformShard(platform, HOUSE_OF.real),
    practice: platformShard(platform, HOUSE_OF.practice),
  };
  const moves = new Map<string, { deltaMicros: bigint; releaseMicros: bigint }>();
  const move = (accountId: string, deltaMicros: bigint, releaseMicros: bigint) => {
    const current = moves.get(accountId) ?? { deltaMicros: 0n, releaseMicros: 0n };
    current.deltaMicros += deltaMicros;
    current.releaseMicros += releaseMicros;
    moves.set(accountId, current);
  };
  const entries = { refs: [] as string[], currencies: [] as Currency[] };
  const lines = { refs: [] as string[], accounts: [] as string[], amounts: [] as bigint[] };
  for (const { trade, settlement } of settled) {
    const house = houses[trade.account];
    if (trade.walletAccountId === house) throw new Error('ledger: a trade on a platform account');
    move(trade.walletAccountId, settlement.profitMicros, trade.stakeMicros);
    if (settlement.profitMicros === 0n) continue;
    move(house, -settlement.profitMicros, 0n);
    entries.refs.push(trade.id);
    entries.currencies.push(CURRENCY_OF[trade.account]);
    // The entry's two postings sum to zero by construction.
    lines.refs.push(trade.id, trade.id);
    lines.accounts.push(trade.walletAccountId, house);
    lines.amounts.push(settlement.profitMicros, -settlement.profitMicros);
  }
  const accounts = [...moves];
  const accountIds = pgArray(accounts.map(([id]) => id));
  const deltas = pgArray(accounts.map(([, m]) => m.deltaMicros));
  const releases = pgArray(accounts.map(([, m]) => m.releaseMicros));
  const entryParts =
    entries.refs.length === 0
      ? sql`entries as (select null::bigint as id, null::text as reference_id where false),
            lines as (select null::bigint as id where false)`
      : sql`entries as (
              insert into journal_entries (kind, reference_type, reference_id, currency)
              select ${TRADE_SETTLEMENT_KIND}, ${TRADE_REFERENCE_TYPE}, e.ref, e.currency
              from unnest(${pgArray(entries.refs)}::text[], ${pgArray(entries.currencies)}::text[])
                   as e(ref, currency)
              returning id, reference_id, currency),
            lines as (
              insert into postings (entry_id, account_id, amount_micros, currency)
              select entries.id, l.account, l.amount, entries.currency
              from unnest(${pgArray(lines.refs)}::text[], ${pgArray(lines.accounts)}::uuid[],
                          ${pgArray(lines.amounts)}::bigint[]) as l(ref, account, amount)
              join entries on entries.reference_id = l.ref
              returning id)`;
  // A wallet whose hold is missing makes its CHECK refuse the move and aborts the statement:
  // the books and the trades would disagree, so nothing is settled.
  const [counts] = await queryRows<{ moved: string; entries: string; lines: string }>(
    tx,
    sql`with locked as materialized (
          select id from ledger_accounts
          where id = any(${accountIds}::uuid[])
          order by id for update),
        moved as (
          update ledger_accounts a
          set balance_micros = a.balance_micros + v.delta,
              held_micros = a.held_micros - v.release
          from unnest(${accountIds}::uuid[], ${deltas}::bigint[], ${releases}::bigint[])
               as v(id, delta, release), locked
          where a.id = v.id and locked.id = a.id
          returning a.id),
        ${entryParts}
        select (select count(*) from moved)::text as moved,
               (select count(*) from entries)::text as entries,
               (select count(*) from lines)::text as lines`,
  );
  if (
    !counts ||
    Number(counts.moved) !== moves.size ||
    Number(counts.entries) !== entries.refs.length ||
    Number(counts.lines) !== lines.refs.length
  ) {
    throw new Error('ledger: a settlement did not move every account it touches');
  }
  return settled.map(({ settlement }) => settlement);
}

/** Settles one trade; null when it was no longer pending. */
export async function settleTrade(
  tx: Tx,
  platform: PlatformAccounts,
  trade: PendingTrade,
  exit: ExitTick | null,
  nowMs: number,
): Promise<TradeSettlement | null> {
  const [settlement] = await settleTrades(tx, platform, [{ trade, exit }], nowMs);
  return settlement ?? null;
}

/**
 * Holds stakes in bulk: `holds` maps wallet account ids to amounts. Each wallet must have
 * the amount available, otherwise nothing is held and InsufficientFundsError is thrown (the
 * caller's transaction must roll back). For bulk set-up (benchmarks); a single trade uses
 * placeHold.
 */
export async function placeHolds(tx: Tx, holds: ReadonlyMap<string, bigint>): Promise<void> {
  if (holds.size === 0) return;
  for (const amount of holds.values()) {
    if (amount <= 0n) throw new Error('ledger: a hold must be positive');
  }
  const ids = pgArray([...holds.keys()]);
  const amounts = pgArray([...holds.values()]);
  const [row] = await queryRows<{ n: string }>(
    tx,
    sql`with locked as materialized (
          select id from ledger_accounts where id = any(${ids}::uuid[])
          order by id for update),
        held as (
          update ledger_accounts a set held_micros = a.held_micros + v.amount
          from unnest(${ids}::uuid[], ${amounts}::bigint[]) as v(id, amount), locked
          where a.id = v.id and locked.id = a.id and a.kind = 'user_wallet'
            and a.balance_micros - a.held_micros >= v.amount
          returning a.id)
        select count(*)::text as n from held`,
  );
  if (Number(row?.n ?? 0) !== holds.size) throw new InsufficientFundsError();
}
