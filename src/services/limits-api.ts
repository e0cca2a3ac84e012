import {
  PracticeRefill,
  RiskAcknowledgement,
  SessionResult,
  TradingLimits,
  type UpdateTradingLimitsBody,
} from '../../common/contract/limits';
import { api } from './api-client';

/**
 * The user's own trading limits, time-out, self-exclusion and the risk acknowledgement
 * (docs/api.md, "Trading limits"). Reads pass `retries: 0` because TanStack Query retries
 * them; the changes are never retried on their own.
 */

/** GET /api/getTradingLimits. */
export async function fetchTradingLimits(signal?: AbortSignal): Promise<TradingLimits> {
  return api.get('/getTradingLimits', TradingLimits, { retries: 0, ...(signal ? { signal } : {}) });
}

/** PUT /api/updateTradingLimits: only the fields sent change; null removes a limit. */
export async function updateTradingLimits(body: UpdateTradingLimitsBody): Promise<TradingLimits> {
  return api.put('/updateTradingLimits', TradingLimits, body);
}

/** POST /api/startTimeout. */
export async function startTimeout(days: number): Promise<TradingLimits> {
  return api.post('/startTimeout', TradingLimits, { days });
}

/** POST /api/selfExclude. */
export async function selfExclude(months: number): Promise<TradingLimits> {
  return api.post('/selfExclude', TradingLimits, { months });
}

/** POST /api/acknowledgeTradingRisk: once, before the first real trade. */
export async function acknowledgeTradingRisk(): Promise<void> {
  await api.post('/acknowledgeTradingRisk', RiskAcknowledgement);
}

/** GET /api/getSessionResult: the net result of the trades opened since `since` and settled. */
export async function fetchSessionResult(
  since: string,
  signal?: AbortSignal,
): Promise<SessionResult> {
  return api.get(`/getSessionResult?since=${encodeURIComponent(since)}`, SessionResult, {
    retries: 0,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/refillPracticeBalance: tops the practice balance up to 10,000, once a UTC day. */
export async function refillPracticeBalance(): Promise<PracticeRefill> {
  return api.post('/refillPracticeBalance', PracticeRefill);
}
