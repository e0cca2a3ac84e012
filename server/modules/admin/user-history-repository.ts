/**
 * A user's records as the console's user page shows them: the wallet's postings and the
 * newest trades, deposits, withdrawals, transfers and KYC requests, each list capped. Amounts
 * come as exact decimal text and times as ISO text, the same from both drivers.
 */
import { sql } from 'drizzle-orm';
import { ADMIN_USER_LEDGER_LIMIT, ADMIN_USER_LIST_LIMIT } from '../../../common/contract';
import { queryRows, type Db } from '../../db/client';
import { isoText } from './users-repository';

export interface WalletPostingRow {
  entry_id: string;
  kind: string;
  reference_type: string;
  reference_id: string;
  memo: string | null;
  amount: string;
  created_at: string;
}

/** The wallet's newest postings with their entries. */
export function listWalletPostings(db: Db, walletId: string): Promise<WalletPostingRow[]> {
  return queryRows<WalletPostingRow>(
    db,
    sql`select e.id::text as entry_id, e.kind, e.reference_type, e.reference_id, e.memo,
               p.amount_micros::text as amount, ${isoText('p.created_at')} as created_at
        from postings p join journal_entries e on e.id = p.entry_id
        where p.account_id = ${walletId}::uuid
        order by p.id desc limit ${ADMIN_USER_LEDGER_LIMIT}`,
  );
}

export interface UserTradeRow {
  id: string;
  symbol: string;
  direction: string;
  stake: string;
  duration_s: number;
  status: string;
  result: string | null;
  returned: string | null;
  created_at: string;
  expires_at: string;
}

/** The user's real trades: practice trades move no money the console looks after. */
export function listUserTrades(db: Db, userId: string): Promise<UserTradeRow[]> {
  return queryRows<UserTradeRow>(
    db,
    sql`select id::text as id, symbol, direction, stake_micros::text as stake, duration_s,
               status, result, returned_micros::text as returned,
               ${isoText('created_at')} as created_at, ${isoText('expires_at')} as expires_at
        from trades where user_id = ${userId}::uuid and account = 'real'
        order by created_at desc, id limit ${ADMIN_USER_LIST_LIMIT}`,
  );
}

export interface UserDepositRow {
  id: string;
  gateway: string;
  amount: string;
  status: string;
  reason: string | null;
  created_at: string;
}

export function listUserDeposits(db: Db, userId: string): Promise<UserDepositRow[]> {
  return queryRows<UserDepositRow>(
    db,
    sql`select id::text as id, gateway, amount_micros::text as amount, status, reason,
               ${isoText('created_at')} as created_at
        from deposits where user_id = ${userId}::uuid
        order by created_at desc, id limit ${ADMIN_USER_LIST_LIMIT}`,
  );
}

export interface UserWithdrawalRow {
  id: string;
  gateway: string;
  amount: string;
  fee: string;
  net: string;
  payment_address: string;
  status: string;
  transaction_hash: string | null;
  reason: string | null;
  created_at: string;
}

export function listUserWithdrawals(db: Db, userId: string): Promise<UserWithdrawalRow[]> {
  return queryRows<UserWithdrawalRow>(
    db,
    sql`select id::text as id, gateway, amount_micros::text as amount, fee_micros::text as fee,
               net_micros::text as net, payment_address, status, transaction_hash, reason,
               ${isoText('created_at')} as created_at
        from withdrawals where user_id = ${userId}::uuid
        order by created_at desc, id limit ${ADMIN_USER_LIST_LIMIT}`,
  );
}

/** A transfer seen from the user's side: `sent`, and the other party. */
export interface UserTransferRow {
  id: string;
  sent: boolean;
  counterparty_pay_id: string;
  counterparty_username: string;
  amount: string;
  fee: string;
  net: string;
  created_at: string;
}

export function listUserTransfers(db: Db, userId: string): Promise<UserTransferRow[]> {
  return queryRows<UserTransferRow>(
    db,
    sql`select id::text as id, (sender_id = ${userId}::uuid) as sent,
               case when sender_id = ${userId}::uuid then receiver_pay_id else sender_pay_id end
                 as counterparty_pay_id,
               case when sender_id = ${userId}::uuid then receiver_username else sender_username end
                 as counterparty_username,
               amount_micros::text as amount, fee_micros::text as fee, net_micros::text as net,
               ${isoText('created_at')} as created_at
        from transfers where sender_id = ${userId}::uuid or receiver_id = ${userId}::uuid
        order by created_at desc, id limit ${ADMIN_USER_LIST_LIMIT}`,
  );
}

export interface UserKycRow {
  id: string;
  status: string;
  document_type: string;
  country: string;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

export function listUserKycRequests(db: Db, userId: string): Promise<UserKycRow[]> {
  return queryRows<UserKycRow>(
    db,
    sql`select id::text as id, status, document_type, country, reason,
               ${isoText('created_at')} as created_at, ${isoText('decided_at')} as decided_at
        from kyc_requests where user_id = ${userId}::uuid
        order by created_at desc, id limit ${ADMIN_USER_LIST_LIMIT}`,
  );
}
