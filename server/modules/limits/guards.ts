/**
 * The checks a user's own limits and blocks put on real trades and deposits. Each runs
 * inside the transaction that claims the request's idempotency key and holds the stake (or
 * records the deposit), after locking the user's row, so two concurrent requests of one
 * user cannot both pass a limit: the second waits for the first to commit and counts it.
 * Practice trades do not call `realTradeGuards`, and the loss windows count real trades only.
 */
import { displayMicros, formatMicros } from '../../../common/money';
import { ApiError, notFound } from '../../http/errors';
import type { Tx } from '../../ledger/types';
import { DB_KIND, limitAt, type LimitNow } from './model';
import {
  activeBlockOf,
  depositsSince,
  limitRowsOf,
  lockLimitedUser,
  tradeExposure,
  type BlockRow,
  type LimitRow,
} from './repository';
import { dayWindow, monthWindow, weekWindow, type LimitWindow } from './windows';

function usdt(micros: bigint): string {
  return micros % 10_000n === 0n ? displayMicros(micros, 2, '') : formatMicros(micros);
}

function refusal(message: string, code: ApiError['code'], until: Date | null): ApiError {
  const error = new ApiError(403, message, code);
  error.until = until;
  return error;
}

/** A time-out or self-exclusion in force refuses trades and deposits until it ends. */
function refuseBlock(block: BlockRow | null, what: string): void {
  if (!block) return;
  const until = block.until.toISOString();
  if (block.kind === 'self_exclusion') {
    throw refusal(
      `You have excluded yourself from trading until ${until}. ${what} are blocked until then.`,
      'self_excluded',
      block.until,
    );
  }
  throw refusal(
    `You are taking a time-out until ${until}. ${what} are paused until then.`,
    'timed_out',
    block.until,
  );
}

export type Limits = Record<LimitRow['kind'], LimitNow>;

export function limitsAt(rows: LimitRow[], nowMs: number): Limits {
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return {
    loss_day: limitAt(byKind.get(DB_KIND.lossDay), nowMs),
    loss_week: limitAt(byKind.get(DB_KIND.lossWeek), nowMs),
    loss_month: limitAt(byKind.get(DB_KIND.lossMonth), nowMs),
    stake: limitAt(byKind.get(DB_KIND.stake), nowMs),
    deposit_day: limitAt(byKind.get(DB_KIND.depositDay), nowMs),
  };
}

const LOSS_WINDOW_NAMES = { loss_day: 'daily', loss_week: 'weekly', loss_month: 'monthly' };

/**
 * The checks of a real trade of `stakeMicros` at `nowMs`, in order: the risk acknowledged,
 * no time-out or self-exclusion, the stake limit, the loss limits. A loss limit counts the
 * window's realised net loss plus every open trade's stake plus this stake: a user-set limit
 * is never exceeded, even if every open trade loses.
 */
export async function realTradeGuards(
  tx: Tx,
  userId: string,
  stakeMicros: bigint,
  nowMs: number,
): Promise<void> {
  const user = await lockLimitedUser(tx, userId);
  if (!user) throw notFound('User not found.');
  if (user.riskAcknowledgedAt === null) {
    throw new ApiError(
      403,
      'Before your first trade, please read the risks of timed trades and acknowledge them.',
      'risk_not_acknowledged',
    );
  }
  refuseBlock(await activeBlockOf(tx, userId, new Date(nowMs)), 'Trades and deposits');
  const limits = limitsAt(await limitRowsOf(tx, userId), nowMs);
  const stakeLimit = limits.stake.valueMicros;
  if (stakeLimit !== null && stakeMicros > stakeLimit) {
    throw refusal(
      `Your maximum stake per trade is ${usdt(stakeLimit)} USDT.`,
      'stake_limit',
      limits.stake.pending?.effectiveAt ?? null,
    );
  }
  const windows: Record<'loss_day' | 'loss_week' | 'loss_month', LimitWindow> = {
    loss_day: dayWindow(nowMs),
    loss_week: weekWindow(nowMs),
    loss_month: monthWindow(nowMs),
  };
  if (
    limits.loss_day.valueMicros === null &&
    limits.loss_week.valueMicros === null &&
    limits.loss_month.valueMicros === null
  ) {
    return;
  }
  const exposure = await tradeExposure(tx, userId, {
    day: windows.loss_day.startsAt,
    week: windows.loss_week.startsAt,
    month: windows.loss_month.startsAt,
  });
  const realised = {
    loss_day: exposure.realisedDayMicros,
    loss_week: exposure.realisedWeekMicros,
    loss_month: exposure.realisedMonthMicros,
  };
  // Of the limits this trade would pass, the one whose window ends last says until when.
  let broken: { kind: 'loss_day' | 'loss_week' | 'loss_month'; limit: bigint } | null = null;
  for (const kind of ['loss_day', 'loss_week', 'loss_month'] as const) {
    const limit = limits[kind].valueMicros;
    if (limit === null) continue;
    if (realised[kind] + exposure.pendingMicros + stakeMicros > limit) broken = { kind, limit };
  }
  if (broken) {
    const until = windows[broken.kind].endsAt;
    const lost = realised[broken.kind] > 0n ? realised[broken.kind] : 0n;
    throw refusal(
      `This trade could take your losses past your ${LOSS_WINDOW_NAMES[broken.kind]} loss limit of ${usdt(broken.limit)} USDT ` +
        `(lost so far ${usdt(lost)} USDT, open trades ${usdt(exposure.pendingMicros)} USDT). ` +
        `The limit resets at ${until.toISOString()}.`,
      'loss_limit_reached',
      until,
    );
  }
}

/**
 * The checks of a deposit request of `amountMicros`: no time-out or self-exclusion, and the
 * day's deposit requests (pending and credited, not rejected) within the daily limit.
 */
export async function depositGuards(
  tx: Tx,
  userId: string,
  amountMicros: bigint,
  nowMs: number,
): Promise<void> {
  const user = await lockLimitedUser(tx, userId);
  if (!user) throw notFound('User not found.');
  refuseBlock(await activeBlockOf(tx, userId, new Date(nowMs)), 'Deposits and trades');
  const limits = limitsAt(await limitRowsOf(tx, userId), nowMs);
  const limit = limits.deposit_day.valueMicros;
  if (limit === null) return;
  const day = dayWindow(nowMs);
  const used = await depositsSince(tx, userId, day.startsAt);
  if (used + amountMicros > limit) {
    throw refusal(
      `This deposit would take today's deposits past your daily deposit limit of ${usdt(limit)} USDT ` +
        `(${usdt(used)} USDT so far). You can deposit more from ${day.endsAt.toISOString()}.`,
      'deposit_limit_reached',
      day.endsAt,
    );
  }
}
