/**
 * Limits the user sets and the server enforces (docs/product.md, "Trading limits"): loss
 * limits per day, week and month, a maximum stake, a daily deposit limit, the session
 * reminder, time-outs and self-exclusion, and the one-time risk acknowledgement. Every change
 * is the user's own and is audited. There is deliberately no route, for users or admins,
 * that ends a time-out or a self-exclusion early.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  AcknowledgeTradingRiskBody,
  LIMIT_KINDS,
  SELF_EXCLUSION_MONTHS_MAX,
  SELF_EXCLUSION_MONTHS_MIN,
  SelfExcludeBody,
  StartTimeoutBody,
  TIMEOUT_DAYS_MAX,
  TIMEOUT_DAYS_MIN,
  UpdateTradingLimitsBody,
  type LimitKind,
  type LimitState,
  type RiskAcknowledgement,
  type SessionResult,
  type TradingLimits,
} from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { sessionOf } from '../../http/auth-guard';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { positiveAmountField } from '../../http/fields';
import { parseBody } from '../../http/validate';
import type { Tx } from '../../ledger/types';
import type { Db } from '../../db/client';
import { writeAudit } from '../audit';
import { limitsAt } from './guards';
import { changeLimit, DB_KIND, type LimitNow } from './model';
import {
  acknowledgeRisk,
  activeBlockOf,
  depositsSince,
  insertBlock,
  limitRowsOf,
  lockLimitedUser,
  readUserLimitSettings,
  saveLimitRow,
  saveSessionReminder,
  settledResultSince,
  tradeExposure,
  type BlockRow,
} from './repository';
import { addMonths, dayWindow, monthWindow, weekWindow } from './windows';

const DAY_MS = 86_400_000;
/** A session's result reaches back at most this far. */
const SESSION_RESULT_MAX_AGE_MS = DAY_MS;

const wire = (micros: bigint | null) => (micros === null ? null : formatMicros(micros));

function limitState(limit: LimitNow, used: bigint | null, resetsAt: Date | null): LimitState {
  return {
    value: wire(limit.valueMicros),
    pending: limit.pending
      ? {
          value: wire(limit.pending.valueMicros),
          effectiveAt: limit.pending.effectiveAt.toISOString(),
        }
      : null,
    used: used === null ? null : formatMicros(used < 0n ? 0n : used),
    resetsAt: resetsAt?.toISOString() ?? null,
  };
}

function blockView(block: BlockRow | null): TradingLimits['block'] {
  return block
    ? {
        kind: block.kind,
        startedAt: block.startedAt.toISOString(),
        until: block.until.toISOString(),
      }
    : null;
}

const REMINDER_VALUES = [15, 30, 60] as const;
function reminderOf(minutes: number | null): TradingLimits['sessionReminderMinutes'] {
  return REMINDER_VALUES.find((value) => value === minutes) ?? null;
}

/** The user's limits as they stand at `nowMs`, with what each window has used so far. */
export async function loadTradingLimits(
  db: Db | Tx,
  userId: string,
  nowMs: number,
): Promise<TradingLimits> {
  const settings = await readUserLimitSettings(db, userId);
  if (!settings) throw notFound('User not found.');
  const limits = limitsAt(await limitRowsOf(db, userId), nowMs);
  const day = dayWindow(nowMs);
  const week = weekWindow(nowMs);
  const month = monthWindow(nowMs);
  const exposure = await tradeExposure(db, userId, {
    day: day.startsAt,
    week: week.startsAt,
    month: month.startsAt,
  });
  const deposits = await depositsSince(db, userId, day.startsAt);
  const pending = exposure.pendingMicros;
  return {
    limits: {
      lossDay: limitState(limits.loss_day, exposure.realisedDayMicros + pending, day.endsAt),
      lossWeek: limitState(limits.loss_week, exposure.realisedWeekMicros + pending, week.endsAt),
      lossMonth: limitState(
        limits.loss_month,
        exposure.realisedMonthMicros + pending,
        month.endsAt,
      ),
      stake: limitState(limits.stake, null, null),
      depositDay: limitState(limits.deposit_day, deposits, day.endsAt),
    },
    sessionReminderMinutes: reminderOf(settings.sessionReminderMinutes),
    block: blockView(await activeBlockOf(db, userId, new Date(nowMs))),
    riskAcknowledgedAt: settings.riskAcknowledgedAt?.toISOString() ?? null,
  };
}

/** A limit as the audit row records it. */
function auditedLimit(limit: LimitNow) {
  return {
    value: wire(limit.valueMicros),
    pending: limit.pending
      ? { value: wire(limit.pending.valueMicros), effectiveAt: limit.pending.effectiveAt }
      : null,
  };
}

/** Refuses a new block while one is in force (a self-exclusion may follow a time-out). */
function refuseWhileBlocked(active: BlockRow | null, next: BlockRow['kind']): void {
  if (!active) return;
  if (next === 'self_exclusion' && active.kind === 'timeout') return;
  const what = active.kind === 'timeout' ? 'a time-out' : 'a self-exclusion';
  const error = new ApiError(
    409,
    `You are already in ${what} until ${active.until.toISOString()}. It cannot be changed or ended early.`,
    'already_blocked',
  );
  error.until = active.until;
  throw error;
}

export const limitRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/getTradingLimits',
    { config: { access: 'user' } },
    async (request): Promise<TradingLimits> =>
      loadTradingLimits(app.db, sessionOf(request).userId, app.nowMs()),
  );

  app.get(
    '/getSessionResult',
    { config: { access: 'user' } },
    async (request): Promise<SessionResult> => {
      const sinceText = (request.query as Record<string, unknown> | undefined)?.since;
      const earliestMs = app.nowMs() - SESSION_RESULT_MAX_AGE_MS;
      // Without `since`: the last 24 h.
      let sinceMs = earliestMs;
      if (sinceText !== undefined) {
        sinceMs = typeof sinceText === 'string' ? Date.parse(sinceText) : Number.NaN;
        if (typeof sinceText !== 'string' || sinceText.length > 40 || Number.isNaN(sinceMs)) {
          throw badRequest('since must be an ISO time.', 'invalid_body', 'since');
        }
      }
      const since = new Date(Math.max(sinceMs, earliestMs));
      const result = await settledResultSince(app.db, sessionOf(request).userId, since);
      return {
        since: since.toISOString(),
        net: formatMicros(result.netMicros),
        settledTrades: result.settledTrades,
      };
    },
  );

  app.put(
    '/updateTradingLimits',
    { config: { access: 'user' } },
    async (request): Promise<TradingLimits> => {
      const body = parseBody(UpdateTradingLimitsBody, request.body);
      const { userId } = sessionOf(request);
      const nowMs = app.nowMs();
      const requested = new Map<LimitKind, bigint | null>();
      for (const kind of LIMIT_KINDS) {
        const value = body[kind];
        if (value === undefined) continue;
        requested.set(kind, value === null ? null : positiveAmountField(value, kind, 'Limit'));
      }
      if (requested.size === 0 && body.sessionReminderMinutes === undefined) {
        throw badRequest('Send at least one limit or the session reminder.');
      }
      return app.db.transaction(async (tx) => {
        const settings = await lockLimitedUser(tx, userId);
        if (!settings) throw notFound('User not found.');
        const before = limitsAt(await limitRowsOf(tx, userId), nowMs);
        const changes: Record<string, unknown> = {};
        const previous: Record<string, unknown> = {};
        for (const [kind, value] of requested) {
          const current = before[DB_KIND[kind]];
          const next = changeLimit(current, value, nowMs);
          await saveLimitRow(tx, {
            userId,
            kind: DB_KIND[kind],
            valueMicros: next.valueMicros,
            hasPending: next.pending !== null,
            pendingValueMicros: next.pending?.valueMicros ?? null,
            pendingEffectiveAt: next.pending?.effectiveAt ?? null,
          });
          previous[kind] = auditedLimit(current);
          changes[kind] = auditedLimit(next);
        }
        if (body.sessionReminderMinutes !== undefined) {
          const old = await readUserLimitSettings(tx, userId);
          previous.sessionReminderMinutes = old?.sessionReminderMinutes ?? null;
          changes.sessionReminderMinutes = body.sessionReminderMinutes;
          await saveSessionReminder(tx, userId, body.sessionReminderMinutes);
        }
        await writeAudit(tx, {
          actorId: userId,
          action: 'limits.updated',
          targetType: 'user',
          targetId: userId,
          before: previous,
          after: changes,
          ip: request.ip,
        });
        request.log.info({ userId, kinds: [...requested.keys()] }, 'trading limits updated');
        return loadTradingLimits(tx, userId, nowMs);
      });
    },
  );

  async function startBlock(
    userId: string,
    kind: BlockRow['kind'],
    until: (startedAt: Date) => Date,
    ip: string,
  ): Promise<TradingLimits> {
    const nowMs = app.nowMs();
    return app.db.transaction(async (tx) => {
      if (!(await lockLimitedUser(tx, userId))) throw notFound('User not found.');
      const startedAt = new Date(nowMs);
      refuseWhileBlocked(await activeBlockOf(tx, userId, startedAt), kind);
      const block = await insertBlock(tx, { userId, kind, startedAt, until: until(startedAt) });
      await writeAudit(tx, {
        actorId: userId,
        action: kind === 'timeout' ? 'limits.timeout_started' : 'limits.self_excluded',
        targetType: 'user',
        targetId: userId,
        before: null,
        after: { blockId: block.id, kind, startedAt, until: block.until },
        ip,
      });
      return loadTradingLimits(tx, userId, nowMs);
    });
  }

  app.post('/startTimeout', { config: { access: 'user' } }, async (request) => {
    const { days } = parseBody(StartTimeoutBody, request.body);
    if (days < TIMEOUT_DAYS_MIN || days > TIMEOUT_DAYS_MAX) {
      throw badRequest(
        `A time-out lasts ${TIMEOUT_DAYS_MIN} to ${TIMEOUT_DAYS_MAX} days.`,
        'invalid_body',
        'days',
      );
    }
    const { userId } = sessionOf(request);
    const answer = await startBlock(
      userId,
      'timeout',
      (from) => new Date(from.getTime() + days * DAY_MS),
      request.ip,
    );
    request.log.info({ userId, days }, 'time-out started');
    return answer;
  });

  app.post('/selfExclude', { config: { access: 'user' } }, async (request) => {
    const { months } = parseBody(SelfExcludeBody, request.body);
    if (months < SELF_EXCLUSION_MONTHS_MIN || months > SELF_EXCLUSION_MONTHS_MAX) {
      throw badRequest(
        `A self-exclusion lasts ${SELF_EXCLUSION_MONTHS_MIN} to ${SELF_EXCLUSION_MONTHS_MAX} months.`,
        'invalid_body',
        'months',
      );
    }
    const { userId } = sessionOf(request);
    const answer = await startBlock(
      userId,
      'self_exclusion',
      (from) => addMonths(from, months),
      request.ip,
    );
    request.log.info({ userId, months }, 'self-exclusion started');
    return answer;
  });

  app.post(
    '/acknowledgeTradingRisk',
    { config: { access: 'user' } },
    async (request): Promise<RiskAcknowledgement> => {
      parseBody(AcknowledgeTradingRiskBody, request.body ?? {});
      const { userId } = sessionOf(request);
      const at = await app.db.transaction(async (tx) => {
        const result = await acknowledgeRisk(tx, userId, new Date(app.nowMs()));
        if (!result) throw notFound('User not found.');
        if (result.recorded) {
          await writeAudit(tx, {
            actorId: userId,
            action: 'trading_risk.acknowledged',
            targetType: 'user',
            targetId: userId,
            before: { riskAcknowledgedAt: null },
            after: { riskAcknowledgedAt: result.at },
            ip: request.ip,
          });
        }
        return result.at;
      });
      return { riskAcknowledgedAt: at.toISOString() };
    },
  );
};
