/**
 * The public fairness record (docs/product.md §4 Fairness) and the receipts file a user
 * downloads to check their trades offline (`npm run trades:verify -- --receipts FILE`).
 */
import { array, boolean, literal, nullable, number, object, string, type Infer } from 'superstruct';
import { IsoDate, WireAmount } from './common';
import { Trade } from './trades';

/** Settled real trades of one period, counted by result. */
const FairnessPeriod = object({
  days: number(),
  settled: number(),
  won: number(),
  lost: number(),
  drawn: number(),
  void: number(),
  /** Accounts with at least one settled trade in the period. */
  activeAccounts: number(),
  /** Of those, the accounts whose trades of the period lost money in total. */
  accountsThatLost: number(),
  /** Stakes lost minus profits paid (positive: the house gained). */
  houseResult: WireAmount,
});
export type FairnessPeriod = Infer<typeof FairnessPeriod>;

/** GET /api/getFairnessStats (no token): the last 30 and 90 days, computed at `computedAt`. */
export const FairnessStats = object({
  computedAt: IsoDate,
  last30Days: FairnessPeriod,
  last90Days: FairnessPeriod,
});
export type FairnessStats = Infer<typeof FairnessStats>;

export const RECEIPTS_FORMAT = 'tradewallet-receipts/1';

const RecordedTick = object({ price: string(), at: IsoDate, source: string() });

/** One settled trade with the recorded ticks that decided it. */
const ReceiptEntry = object({
  trade: Trade,
  ticks: object({
    /** The recorded tick the entry price names, as stored when the file was made. */
    entry: nullable(RecordedTick),
    /**
     * Every recorded tick of the coin from expiry to the end of the settlement window,
     * oldest first: the exit is the first of them.
     */
    window: array(RecordedTick),
  }),
});
export type ReceiptEntry = Infer<typeof ReceiptEntry>;

/** GET /api/downloadTradeReceipts: the newest settled trades of the signed-in user. */
export const ReceiptsFile = object({
  format: literal(RECEIPTS_FORMAT),
  userId: string(),
  exportedAt: IsoDate,
  /** The most trades a file holds; `truncated` says older ones were left out. */
  limit: number(),
  truncated: boolean(),
  trades: array(ReceiptEntry),
});
export type ReceiptsFile = Infer<typeof ReceiptsFile>;
