/**
 * Limits a user sets on their own real trading (issue 21, part 3), the risk acknowledgement,
 * time-outs and self-exclusion. Money limits travel as six-decimal strings like every amount;
 * `null` means no limit. A raise or removal waits 24 h: it is shown as `pending` with its
 * `effectiveAt` until then.
 */
import {
  enums,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  union,
  type Infer,
} from 'superstruct';
import { IsoDate, WireAmount } from './common';
import { AmountInput } from './wallet';

/** The kinds of limit, in the order the page shows them. */
export const LIMIT_KINDS = ['lossDay', 'lossWeek', 'lossMonth', 'stake', 'depositDay'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Session reminder intervals the user may choose, in minutes. */
export const SESSION_REMINDER_MINUTES = [15, 30, 60] as const;

const SessionReminder = nullable(union([literal(15), literal(30), literal(60)]));

const PendingChange = object({
  /** The value that applies from `effectiveAt`; null: the limit is removed then. */
  value: nullable(WireAmount),
  effectiveAt: IsoDate,
});

/** One limit: the value in force, a waiting raise or removal, and what the window has used. */
const LimitState = object({
  value: nullable(WireAmount),
  pending: nullable(PendingChange),
  /**
   * For the windowed limits (losses, deposits): what the current window counts so far
   * (losses include open trades' stakes) and when the window ends; null for the stake limit.
   */
  used: nullable(WireAmount),
  resetsAt: nullable(IsoDate),
});
export type LimitState = Infer<typeof LimitState>;

const UserBlock = object({
  kind: enums(['timeout', 'self_exclusion'] as const),
  startedAt: IsoDate,
  until: IsoDate,
});
export type UserBlock = Infer<typeof UserBlock>;

/** GET /api/getTradingLimits, and the answer of every change below. */
export const TradingLimits = object({
  limits: object({
    lossDay: LimitState,
    lossWeek: LimitState,
    lossMonth: LimitState,
    stake: LimitState,
    depositDay: LimitState,
  }),
  sessionReminderMinutes: SessionReminder,
  /** The time-out or self-exclusion in force, if any (the one that ends last). */
  block: nullable(UserBlock),
  riskAcknowledgedAt: nullable(IsoDate),
});
export type TradingLimits = Infer<typeof TradingLimits>;

const LimitInput = optional(nullable(AmountInput));

/** PUT /api/updateTradingLimits: only the fields sent change; null removes a limit. */
export const UpdateTradingLimitsBody = object({
  lossDay: LimitInput,
  lossWeek: LimitInput,
  lossMonth: LimitInput,
  stake: LimitInput,
  depositDay: LimitInput,
  sessionReminderMinutes: optional(SessionReminder),
});
export type UpdateTradingLimitsBody = Infer<typeof UpdateTradingLimitsBody>;

/** Time-out length bounds in days (1 day to 6 weeks). */
export const TIMEOUT_DAYS_MIN = 1;
export const TIMEOUT_DAYS_MAX = 42;
/** Self-exclusion length bounds in months (6 months to 5 years). */
export const SELF_EXCLUSION_MONTHS_MIN = 6;
export const SELF_EXCLUSION_MONTHS_MAX = 60;

/** POST /api/startTimeout. */
export const StartTimeoutBody = object({ days: integer() });
export type StartTimeoutBody = Infer<typeof StartTimeoutBody>;

/** POST /api/selfExclude. */
export const SelfExcludeBody = object({ months: integer() });
export type SelfExcludeBody = Infer<typeof SelfExcludeBody>;

/** POST /api/acknowledgeTradingRisk: no body, or an empty one (anything in it is refused). */
export const AcknowledgeTradingRiskBody = object({});

/** The answer of POST /api/acknowledgeTradingRisk: when it was recorded (the first time). */
export const RiskAcknowledgement = object({ riskAcknowledgedAt: IsoDate });
export type RiskAcknowledgement = Infer<typeof RiskAcknowledgement>;

/**
 * GET /api/getSessionResult?since=ISO: the net result (returned − stake, signed) of the
 * caller's trades opened since `since` and settled, for the session reminder. `since` is
 * taken back at most 24 h, and is 24 h ago when left out.
 */
export const SessionResult = object({
  since: IsoDate,
  net: WireAmount,
  settledTrades: number(),
});
export type SessionResult = Infer<typeof SessionResult>;

/** POST /api/refillPracticeBalance: no body, or an empty one (anything in it is refused). */
export const RefillPracticeBalanceBody = object({});

/**
 * The answer of POST /api/refillPracticeBalance: the practice balance after the refill
 * (available, as `practiceBalance` in getUserById), what was added, and when the next
 * refill is allowed (the next UTC midnight).
 */
export const PracticeRefill = object({
  practiceBalance: WireAmount,
  refilledAmount: WireAmount,
  nextRefillAt: IsoDate,
});
export type PracticeRefill = Infer<typeof PracticeRefill>;
