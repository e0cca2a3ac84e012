import {
  TradePage,
  TradeResponse,
  type CreateTradeBody,
  type Trade,
  type TradeAccount,
  type TradeListTab,
} from '../../common/contract';
import { api } from './api-client';
import { CALL_FAILURES } from './call-failures';

/**
 * The trade calls: createTrade (money-moving, with the idempotency key of the confirmed
 * trade), the user's trades a page at a time, and one trade with its settlement receipt (the
 * chart's recorded ticks: market-ticks.ts). Reads pass `retries: 0` because TanStack
 * Query retries them; the write is never retried by the client on its own.
 */

const read = (signal: AbortSignal | undefined) => ({ retries: 0, ...(signal ? { signal } : {}) });

/** POST /api/createTrade as the trade machine sends it: every field a string. */
export type CreateTradeRequest = Required<{
  [Key in keyof CreateTradeBody]: string;
}>;

/**
 * The server's clock minus this device's, in ms, learnt from createTrade: the server stamps
 * `createdAt` while the request is in flight, so the middle of the round trip is the best
 * guess of that moment here (off by at most half the round trip). Countdowns add it, so a
 * device whose clock is wrong still counts down to the server's expiry. 0 until a trade was
 * placed from this page load.
 */
let serverClockOffsetMs = 0;

export function serverClockOffset(): number {
  return serverClockOffsetMs;
}

/** The current time on the server's clock, as best known. */
export function serverNowMs(): number {
  return Date.now() + serverClockOffsetMs;
}

/** Offsets beyond this are not a clock difference but a bug or a stale replay: ignored. */
const MAX_PLAUSIBLE_OFFSET_MS = 24 * 60 * 60 * 1000;

export function observeServerTime(serverMs: number, sentAtMs: number, receivedAtMs: number): void {
  if (!Number.isFinite(serverMs) || receivedAtMs < sentAtMs) return;
  const offset = Math.round(serverMs - (sentAtMs + receivedAtMs) / 2);
  if (Math.abs(offset) <= MAX_PLAUSIBLE_OFFSET_MS) serverClockOffsetMs = offset;
}

export async function createTrade(
  request: CreateTradeRequest,
  idempotencyKey: string,
): Promise<Trade> {
  const sentAtMs = Date.now();
  const { trade } = await api.post('/createTrade', TradeResponse, request, {
    idempotencyKey,
    callFailure: CALL_FAILURES.createTrade,
  });
  // A replayed answer (the same key sent again) carries the first attempt's time: only a
  // trade created just now tells the offset.
  const receivedAtMs = Date.now();
  const createdMs = Date.parse(trade.createdAt);
  if (trade.tradeStatus === 'Pending' && receivedAtMs - sentAtMs < 5_000) {
    observeServerTime(createdMs, sentAtMs, receivedAtMs);
  }
  return trade;
}

/** GET /api/getUserTrades: one page (1-based, 6 a page, newest first) of one tab. */
export const fetchUserTrades = (
  tab: TradeListTab,
  page: number,
  signal?: AbortSignal,
  account: TradeAccount = 'real',
) =>
  api.get('/getUserTrades', TradePage, {
    ...read(signal),
    // Real is the default: its request stays as it was before practice mode.
    query: account === 'practice' ? { tab, page, account } : { tab, page },
  });

/** GET /api/getTradeDetails/{id}: the trade and, once settled, its receipt. */
export async function fetchTradeDetails(id: string, signal?: AbortSignal): Promise<Trade> {
  const path = `/getTradeDetails/${encodeURIComponent(id)}`;
  return (await api.get(path, TradeResponse, read(signal))).trade;
}
