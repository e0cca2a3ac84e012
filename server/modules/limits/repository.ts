/** The limits area's statements: limit rows, blocks, the acknowledgement and what windows used. */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { userBlocks, userLimits, users } from '../../db/schema';
import type { Tx } from '../../ledger/types';

export type LimitRow = typeof userLimits.$inferSelect;
export type DbLimitKind = LimitRow['kind'];
export type BlockRow = typeof userBlocks.$inferSelect;

/**
 * Locks the user's row for the rest of the transaction and answers the risk acknowledgement
 * and the session reminder; null for no such user. Two trades (or deposits) of one user
 * queue here, so the second sees the first's stake before checking its limits.
 */
export async function lockLimitedUser(
  tx: Tx,
  userId: string,
): Promise<{ riskAcknowledgedAt: Date | null } | null> {
  const [row] = await tx
    .select({ riskAcknowledgedAt: users.riskAcknowledgedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function readUserLimitSettings(
  db: Db | Tx,
  userId: string,
): Promise<{ riskAcknowledgedAt: Date | null; sessionReminderMinutes: number | null } | null> {
  const [row] = await db
    .select({
      riskAcknowledgedAt: users.riskAcknowledgedAt,
      sessionReminderMinutes: users.sessionReminderMinutes,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function limitRowsOf(db: Db | Tx, userId: string): Promise<LimitRow[]> {
  return db.select().from(userLimits).where(eq(userLimits.userId, userId));
}

/** Writes one limit row as it now stands (insert or replace). */
export async function saveLimitRow(tx: Tx, row: Omit<LimitRow, 'updatedAt'>): Promise<void> {
  const values = { ...row, updatedAt: new Date() };
  await tx
    .insert(userLimits)
    .values(values)
    .onConflictDoUpdate({
      target: [userLimits.userId, userLimits.kind],
      set: {
        valueMicros: values.valueMicros,
        hasPending: values.hasPending,
        pendingValueMicros: values.pendingValueMicros,
        pendingEffectiveAt: values.pendingEffectiveAt,
        updatedAt: values.updatedAt,
      },
    });
}

export async function saveSessionReminder(
  tx: Tx,
  userId: string,
  minutes: number | null,
): Promise<void> {
  await tx.update(users).set({ sessionReminderMinutes: minutes }).where(eq(users.id, userId));
}

/**
 * Records the acknowledgement once; a second call keeps the first time. Answers the time in
 * force and whether this call recorded it.
 */
export async function acknowledgeRisk(
  tx: Tx,
  userId: string,
  at: Date,
): Promise<{ at: Date; recorded: boolean } | null> {
  const [row] = await tx
    .select({ riskAcknowledgedAt: users.riskAcknowledgedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) return null;
  if (row.riskAcknowledgedAt) return { at: row.riskAcknowledgedAt, recorded: false };
  await tx.update(users).set({ riskAcknowledgedAt: at }).where(eq(users.id, userId));
  return { at, recorded: true };
}

/**
 * The block in force at `now`, if any: a self-exclusion before a time-out, then the one that
 * ends last.
 */
export async function activeBlockOf(
  db: Db | Tx,
  userId: string,
  now: Date,
): Promise<BlockRow | null> {
  const [row] = await db
    .select()
    .from(userBlocks)
    .where(and(eq(userBlocks.userId, userId), gt(userBlocks.until, now)))
    .orderBy(sql`(${userBlocks.kind} = 'self_exclusion') desc`, desc(userBlocks.until))
    .limit(1);
  return row ?? null;
}

export async function insertBlock(
  tx: Tx,
  block: { userId: string; kind: BlockRow['kind']; startedAt: Date; until: Date },
): Promise<BlockRow> {
  const [row] = await tx.insert(userBlocks).values(block).returning();
  if (!row) throw new Error('insert into user_blocks returned nothing');
  return row;
}

/** Every block of the user, newest first (the console shows them read-only). */
export async function blocksOf(db: Db | Tx, userId: string, max: number): Promise<BlockRow[]> {
  return db
    .select()
    .from(userBlocks)
    .where(eq(userBlocks.userId, userId))
    .orderBy(desc(userBlocks.startedAt))
    .limit(max);
}

/** What the loss windows count: realised net loss per window and the open trades' stakes. */
export interface TradeExposure {
  /** Stakes lost minus profits won, of the trades opened in the window and settled. */
  realisedDayMicros: bigint;
  realisedWeekMicros: bigint;
  realisedMonthMicros: bigint;
  /** The stakes of every open trade: each may still be lost. */
  pendingMicros: bigint;
}

/**
 * One read over the user's trades from the earliest window start (`trades_user_idx`). A
 * trade belongs to the window it was opened in; settled trades count stake − returned
 * Only real trades count: practice money is not the user's to lose.
 * (a loss counts its stake, a win its profit negatively, a draw or void nothing).
 */
export async function tradeExposure(
  db: Db | Tx,
  userId: string,
  starts: { day: Date; week: Date; month: Date },
): Promise<TradeExposure> {
  const earliest = starts.week < starts.month ? starts.week : starts.month;
  const net = sql`(stake_micros - returned_micros)`;
  const [row] = await queryRows<{ day: string; week: string; month: string; pending: string }>(
    db,
    sql`select
          coalesce(sum(case when status = 'Completed' and created_at >= ${starts.day.toISOString()}::timestamptz then ${net} end), 0)::text as day,
          coalesce(sum(case when status = 'Completed' and created_at >= ${starts.week.toISOString()}::timestamptz then ${net} end), 0)::text as week,
          coalesce(sum(case when status = 'Completed' and created_at >= ${starts.month.toISOString()}::timestamptz then ${net} end), 0)::text as month,
          coalesce(sum(case when status = 'Pending' then stake_micros end), 0)::text as pending
        from trades
        where user_id = ${userId}::uuid and account = 'real'
          and (created_at >= ${earliest.toISOString()}::timestamptz or status = 'Pending')`,
  );
  return {
    realisedDayMicros: BigInt(row?.day ?? '0'),
    realisedWeekMicros: BigInt(row?.week ?? '0'),
    realisedMonthMicros: BigInt(row?.month ?? '0'),
    pendingMicros: BigInt(row?.pending ?? '0'),
  };
}

/** The amounts of the user's deposit requests since `since` that were not rejected. */
export async function depositsSince(db: Db | Tx, userId: string, since: Date): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(amount_micros), 0)::text as total
        from deposits
        where user_id = ${userId}::uuid and created_at >= ${since.toISOString()}::timestamptz
          and status <> 'Rejected'`,
  );
  return BigInt(row?.total ?? '0');
}

/**
 * The net result (returned − stake) and count of the user's real trades opened since
 * `since` and settled (practice trades are not money the session risked).
 */
export async function settledResultSince(
  db: Db | Tx,
  userId: string,
  since: Date,
): Promise<{ netMicros: bigint; settledTrades: number }> {
  const [row] = await queryRows<{ net: string; n: string }>(
    db,
    sql`select coalesce(sum(returned_micros - stake_micros), 0)::text as net, count(*)::text as n
        from trades
        where user_id = ${userId}::uuid and account = 'real'
          and created_at >= ${since.toISOString()}::timestamptz and status = 'Completed'`,
  );
  return { netMicros: BigInt(row?.net ?? '0'), settledTrades: Number(row?.n ?? '0') };
}
