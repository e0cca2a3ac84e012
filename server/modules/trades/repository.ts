/** The trades area's statements: the trader's standing, and trades inserted and read. */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TradeAccount, TradeListTab } from '../../../common/contract';
import { ORDERS_PAGE_SIZE } from '../../../common/rules';
import { queryRows, type Db } from '../../db/client';
import { trades } from '../../db/schema';
import type { Tx } from '../../ledger/types';
import type { TradeRow } from './views';

/** What opening a trade needs to know of the user, read in one round trip. */
export interface Trader {
  wallet: string;
  country: string | null;
  disabled: boolean;
  /** An admin can stop a user's trading (PUT /api/admin/users/:id/flags). */
  tradingAllowed: boolean;
  /** Whether `symbol` is a listed coin. */
  listed: boolean;
}

/** The user's wallet and standing, and whether `symbol` is listed; null for no such user. */
export async function findTrader(tx: Tx, userId: string, symbol: string): Promise<Trader | null> {
  const [trader] = await queryRows<Trader>(
    tx,
    sql`select a.id::text as wallet, u.country, (u.disabled_at is not null) as disabled,
               u.trading_allowed as "tradingAllowed",
               exists (select 1 from coins c where c.symbol = ${symbol}) as listed
        from users u
        join ledger_accounts a on a.user_id = u.id and a.kind = 'user_wallet'
        where u.id = ${userId}::uuid`,
  );
  return trader ?? null;
}

export async function insertTrade(tx: Tx, row: TradeRow): Promise<void> {
  await tx.insert(trades).values(row);
}

function tradesOfUser(userId: string, tab: TradeListTab, account: TradeAccount): SQL | undefined {
  const conditions: SQL[] = [eq(trades.userId, userId), eq(trades.account, account)];
  if (tab !== 'All') conditions.push(eq(trades.status, tab));
  return and(...conditions);
}

/** How many of the user's trades the tab lists. */
export async function countTradesOfUser(
  db: Db,
  userId: string,
  tab: TradeListTab,
  account: TradeAccount,
): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(trades)
    .where(tradesOfUser(userId, tab, account));
  return total?.n ?? 0;
}

/** One page of the user's trades in the tab, newest first. */
export async function pageOfTradesOfUser(
  db: Db,
  userId: string,
  tab: TradeListTab,
  page: number,
  account: TradeAccount,
): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(tradesOfUser(userId, tab, account))
    .orderBy(desc(trades.createdAt), desc(trades.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE);
}

/** The user's trade with this id; null when there is none or it is someone else's. */
export async function findTradeOfUser(
  db: Db,
  userId: string,
  tradeId: string,
): Promise<TradeRow | null> {
  const [row] = await db
    .select()
    .from(trades)
    .where(and(eq(trades.id, tradeId), eq(trades.userId, userId)))
    .limit(1);
  return row ?? null;
}
