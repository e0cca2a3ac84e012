import type { Db } from '../db/client';

/** A database transaction. Ledger functions take one, so they can only run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const PLATFORM_ACCOUNT_KINDS = [
  'fee_revenue',
  'deposit_clearing',
  'withdrawal_clearing',
  'trading_house',
  'practice_house',
  'practice_faucet',
] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];

/**
 * What an account counts. Practice mode's money is a currency of its own: the practice
 * accounts (each user's, the practice house that takes the other side of practice trades,
 * and the faucet that grants and refills practice balances) can never exchange postings
 * with USDT accounts; the database refuses an entry that mixes them (migration 0014).
 */
export type Currency = 'USDT' | 'PRACTICE';
export type AccountKind = PlatformAccountKind | 'user_wallet' | 'user_practice';

export function currencyOfKind(kind: AccountKind): Currency {
  return kind === 'user_practice' || kind === 'practice_house' || kind === 'practice_faucet'
    ? 'PRACTICE'
    : 'USDT';
}

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
  /**
   * The currency of every posting (USDT unless said): the database refuses a posting on an
   * account of another currency (the postings' foreign keys on currency).
   */
  currency?: Currency;
  postings: Posting[];
}
