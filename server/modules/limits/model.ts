/**
 * The rules of a user's own limits, without the database: which value is in force, and what
 * a requested change does. Lowering (or setting a first limit) is protective and applies at
 * once; raising or removing one waits 24 h, so a decision made in the heat of a losing
 * session cannot loosen the limit that very session.
 */
import type { LimitKind } from '../../../common/contract';
import type { DbLimitKind, LimitRow } from './repository';

/** How long a raise or a removal waits before it applies. */
export const LOOSENING_DELAY_MS = 24 * 60 * 60 * 1000;

export const DB_KIND: Record<LimitKind, DbLimitKind> = {
  lossDay: 'loss_day',
  lossWeek: 'loss_week',
  lossMonth: 'loss_month',
  stake: 'stake',
  depositDay: 'deposit_day',
};

/** A limit as it stands at a moment: the value in force and a change still waiting. */
export interface LimitNow {
  valueMicros: bigint | null;
  pending: { valueMicros: bigint | null; effectiveAt: Date } | null;
}

/** The row as it stands at `nowMs`: a waiting change that is due has applied. */
export function limitAt(row: LimitRow | undefined, nowMs: number): LimitNow {
  if (!row) return { valueMicros: null, pending: null };
  if (row.hasPending && row.pendingEffectiveAt) {
    if (row.pendingEffectiveAt.getTime() <= nowMs) {
      return { valueMicros: row.pendingValueMicros, pending: null };
    }
    return {
      valueMicros: row.valueMicros,
      pending: { valueMicros: row.pendingValueMicros, effectiveAt: row.pendingEffectiveAt },
    };
  }
  return { valueMicros: row.valueMicros, pending: null };
}

/** Whether `next` is at least as strict as `current` (null: no limit, the loosest). */
function isTighterOrEqual(next: bigint | null, current: bigint | null): boolean {
  if (next === null) return current === null;
  return current === null || next <= current;
}

/**
 * What asking for `requested` does to the limit `now`: a tighter (or equal) value applies at
 * once and cancels a waiting change; a looser one (a higher value, or none) waits 24 h from
 * this request, replacing a waiting change, while the current value stays in force.
 */
export function changeLimit(now: LimitNow, requested: bigint | null, nowMs: number): LimitNow {
  if (isTighterOrEqual(requested, now.valueMicros)) {
    return { valueMicros: requested, pending: null };
  }
  return {
    valueMicros: now.valueMicros,
    pending: { valueMicros: requested, effectiveAt: new Date(nowMs + LOOSENING_DELAY_MS) },
  };
}
