import type { Db } from '../db/client';

/** A database transaction. Ledger functions take one, so they can only run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const PLATFORM_ACCOUNT_KINDS = [
  'fee_revenue',
  'deposit_clearing',
  'withdrawal_clearing',
  'trading_house',
] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];

/** A signed amount on one account: positive credits it, negative debits it. */
export interface Posting {
  accountId: string;
  amountMicros: bigint;
}

export interface EntrySpec {
  /** What happened: 'deposit', 'withdrawal', 'transfer', 'adjustment', 'trade_settlement'... */
  kind: string;
  referenceType: string;
  referenceId: string;
  memo?: string;
  postings: Posting[];
}
