/**
 * GET /api/admin/users/:id: one account with its wallet's newest postings and its newest
 * trades, deposits, withdrawals, transfers and KYC requests, read at once.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminUserDetail } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { notFound } from '../../http/errors';
import { blocksOf } from '../limits';
import {
  listUserDeposits,
  listUserKycRequests,
  listUserTrades,
  listUserTransfers,
  listUserWithdrawals,
  listWalletPostings,
  type UserDepositRow,
  type UserKycRow,
  type UserTradeRow,
  type UserTransferRow,
  type UserWithdrawalRow,
  type WalletPostingRow,
} from './user-history-repository';
import { summaryOf } from './user-views';
import { findUserSummary } from './users-repository';

const micros = (text: string) => formatMicros(BigInt(text));

function postingView(l: WalletPostingRow) {
  return {
    entryId: l.entry_id,
    kind: l.kind,
    referenceType: l.reference_type,
    referenceId: l.reference_id,
    memo: l.memo,
    amount: micros(l.amount),
    createdAt: l.created_at,
  };
}

function tradeView(t: UserTradeRow) {
  return {
    _id: t.id,
    symbol: t.symbol,
    direction: t.direction,
    amount: micros(t.stake),
    durationS: Number(t.duration_s),
    status: t.status,
    result: t.result,
    returned: t.returned === null ? null : micros(t.returned),
    createdAt: t.created_at,
    expiresAt: t.expires_at,
  };
}

function depositView(d: UserDepositRow) {
  return {
    _id: d.id,
    gateway: d.gateway,
    amount: micros(d.amount),
    status: d.status,
    reason: d.reason,
    createdAt: d.created_at,
  };
}

function withdrawalView(w: UserWithdrawalRow) {
  return {
    _id: w.id,
    gateway: w.gateway,
    amount: micros(w.amount),
    fee: micros(w.fee),
    net: micros(w.net),
    paymentAddress: w.payment_address,
    status: w.status,
    transactionHash: w.transaction_hash,
    reason: w.reason,
    createdAt: w.created_at,
  };
}

function transferView(t: UserTransferRow) {
  return {
    _id: t.id,
    direction: t.sent ? ('sent' as const) : ('received' as const),
    counterpartyPayId: t.counterparty_pay_id,
    counterpartyUsername: t.counterparty_username,
    amount: micros(t.amount),
    fee: micros(t.fee),
    net: micros(t.net),
    createdAt: t.created_at,
  };
}

function kycView(k: UserKycRow) {
  return {
    _id: k.id,
    status: k.status,
    documentType: k.document_type,
    country: k.country,
    reason: k.reason,
    createdAt: k.created_at,
    decidedAt: k.decided_at,
  };
}

/** The time-outs and self-exclusions shown, newest first. */
const MAX_BLOCKS_SHOWN = 20;

export const userDetailRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>(
    '/admin/users/:id',
    { config: { access: 'admin' } },
    async (request): Promise<AdminUserDetail> => {
      const row = await findUserSummary(app.db, request.params.id);
      if (!row) throw notFound('User not found.');
      const [ledger, trades, deposits, withdrawals, transfers, kyc, blocks] = await Promise.all([
        row.wallet === null ? Promise.resolve([]) : listWalletPostings(app.db, row.wallet),
        listUserTrades(app.db, row.id),
        listUserDeposits(app.db, row.id),
        listUserWithdrawals(app.db, row.id),
        listUserTransfers(app.db, row.id),
        listUserKycRequests(app.db, row.id),
        blocksOf(app.db, row.id, MAX_BLOCKS_SHOWN),
      ]);
      return {
        user: {
          ...summaryOf(row),
          appNotice: row.app_notice,
          country: row.country,
          disabledAt: row.disabled_at,
          riskAcknowledgedAt: row.risk_acknowledged_at,
        },
        // Read-only: no admin route ends a time-out or a self-exclusion early.
        blocks: blocks.map((block) => ({
          kind: block.kind,
          startedAt: block.startedAt.toISOString(),
          until: block.until.toISOString(),
        })),
        ledger: ledger.map(postingView),
        trades: trades.map(tradeView),
        deposits: deposits.map(depositView),
        withdrawals: withdrawals.map(withdrawalView),
        transfers: transfers.map(transferView),
        kyc: kyc.map(kycView),
      };
    },
  );
};
