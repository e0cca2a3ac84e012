/**
 * Timed trades (docs/product.md §3 Trade). The client sends only what the user chose; the server takes
 * the entry price from its own newest recorded tick, fixes the payout from the published
 * table and, at expiry, the exit price from its recorded ticks. A body that carries a price,
 * result or amount of the client's own is refused as an unknown field; `payoutPercent`, if
 * sent, is the payout the user confirmed and must equal the published one (409
 * figures_changed otherwise).
 */
import { enums, nullable, number, object, optional, string, array, type Infer } from 'superstruct';
import { IsoDate, WireAmount } from './common';
import { SELECTED_TIMES } from './market';
import { AmountInput } from './wallet';

const TRADE_TYPES = ['buy', 'sell'] as const;
/**
 * Which balance a trade stakes: the real wallet (the default) or the practice balance
 * (practice mode: PRACTICE money that can never become USDT).
 */
export const TRADE_ACCOUNTS = ['real', 'practice'] as const;
export type TradeAccount = (typeof TRADE_ACCOUNTS)[number];
const TRADE_STATUSES = ['Pending', 'Completed'] as const;
/** win and loss as the spec says; draw (exit = entry) and void (no exit tick) refund. */
const TRADE_RESULTS = ['win', 'loss', 'draw', 'void'] as const;

/** POST /api/createTrade (Idempotency-Key header required). */
export const CreateTradeBody = object({
  /** The pair, e.g. "BTCUSDT"; its coin must be listed. */
  coinType: string(),
  tradeType: enums(TRADE_TYPES),
  tradeAmount: AmountInput,
  selectedTime: enums(SELECTED_TIMES),
  /** The payout percent the user confirmed, e.g. "80" or "80.000000". */
  payoutPercent: optional(AmountInput),
  /** 'real' (the default) or 'practice'. */
  account: optional(enums(TRADE_ACCOUNTS)),
});
export type CreateTradeBody = Infer<typeof CreateTradeBody>;

const TickRef = object({ price: string(), at: IsoDate, source: string() });

/** How the outcome was decided; re-derivable from the recorded ticks. */
const TradeReceipt = object({
  entry: TickRef,
  /** The first recorded tick at or after expiry, within the settlement window. */
  exit: nullable(TickRef),
  /** 'buy-wins-if-exit-above-entry' or 'sell-wins-if-exit-below-entry'. */
  rule: string(),
  /** Seconds after expiry in which an exit tick counts. */
  windowS: number(),
  voidReason: nullable(string()),
  settledAt: IsoDate,
  /** 'practice' on a practice trade's receipt; absent on a real one (as before practice mode). */
  account: optional(enums(['practice'] as const)),
});
type TradeReceipt = Infer<typeof TradeReceipt>;

export const Trade = object({
  _id: string(),
  coinType: string(),
  tradeType: enums(TRADE_TYPES),
  /** The stake. */
  tradeAmount: WireAmount,
  /** The entry price the server recorded. */
  coinPrice: string(),
  selectedTime: enums(SELECTED_TIMES),
  durationS: number(),
  payoutPercent: WireAmount,
  tradeStatus: enums(TRADE_STATUSES),
  tradeResult: nullable(enums(TRADE_RESULTS)),
  /** What the wallet got back at settlement (stake + profit, stake, or 0); null while pending. */
  tradeAfterAmount: nullable(WireAmount),
  /** Signed gain or loss against the stake; null while pending. */
  profit: nullable(WireAmount),
  createdAt: IsoDate,
  expiresAt: IsoDate,
  receipt: nullable(TradeReceipt),
  /** 'practice' on a practice trade; absent on a real one, so real answers are unchanged. */
  account: optional(enums(['practice'] as const)),
});
export type Trade = Infer<typeof Trade>;

export const TradeResponse = object({ trade: Trade });

export const TRADE_LIST_TABS = ['Pending', 'Completed', 'All'] as const;
export type TradeListTab = (typeof TRADE_LIST_TABS)[number];

/**
 * GET /api/getUserTrades?tab=Pending|Completed|All&page=N&account=real|practice (6 per page,
 * newest first; account defaults to real).
 */
export const TradePage = object({
  trades: array(Trade),
  page: number(),
  pageCount: number(),
  total: number(),
});
export type TradePage = Infer<typeof TradePage>;
