/**
 * GET /api/admin/overview: what needs attention and the platform's health at a glance. The
 * figures come from one SQL statement; the ledger check (several full scans) runs at most
 * once a minute per instance and its result is reused in between, so the dashboard stays
 * cheap however often it is polled.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDashboard } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { queryRows } from '../../db/client';
import { sessionOf } from '../../http/auth-guard';
import { notFound } from '../../http/errors';
import { checkLedger } from '../../ledger/check';
import type { MarketFeedStatus } from '../../market/runtime';
import { countOf } from './query-params';

/** How long a ledger check's result is shown before the check runs again. */
export const LEDGER_CHECK_CACHE_MS = 60_000;
const DAY_MS = 86_400_000;

interface LedgerStatus {
  ok: boolean;
  violations: number;
  checkedAt: string;
}

export interface OverviewOptions {
  marketStatus: () => MarketFeedStatus | Promise<MarketFeedStatus>;
  /** Tests shorten or lengthen the cache. */
  ledgerCheckCacheMs?: number;
}

export const overviewRoutes: FastifyPluginAsync<OverviewOptions> = async (app, options) => {
  const cacheMs = options.ledgerCheckCacheMs ?? LEDGER_CHECK_CACHE_MS;
  // One check in flight at a time: concurrent dashboards share it, and its result is kept
  // for cacheMs. A failed check is not kept, so the next request tries again.
  let cached: { atMs: number; status: Promise<LedgerStatus> } | null = null;
  function ledgerStatus(): Promise<LedgerStatus> {
    const nowMs = Date.now();
    if (cached !== null && nowMs - cached.atMs < cacheMs) return cached.status;
    const status = checkLedger(app.db).then((report) => ({
      ok: report.violations.length === 0,
      violations: report.violations.length,
      checkedAt: new Date().toISOString(),
    }));
    const entry = { atMs: nowMs, status };
    cached = entry;
    status.catch(() => {
      if (cached === entry) cached = null;
    });
    return status;
  }

  app.get(
    '/admin/overview',
    { config: { access: 'admin' } },
    async (request): Promise<AdminDashboard> => {
      const { userId } = sessionOf(request);
      const today = new Date();
      today.setUTCHours(0, 0, 0, 0);
      // The last 7 UTC days, today included.
      const todayIso = today.toISOString();
      const weekStartIso = new Date(today.getTime() - 6 * DAY_MS).toISOString();
      const [figuresRows, ledger, market] = await Promise.all([
        queryRows<Record<string, unknown>>(
          app.db,
          sql`select
                (select count(*)::int from users where role = 'user') as users_total,
                (select count(*)::int from users where role = 'user' and created_at >= ${todayIso}::timestamptz)
                  as users_today,
                (select count(*)::int from deposits where status = 'Pending') as pending_deposits,
                (select count(*)::int from withdrawals where status = 'Pending')
                  as pending_withdrawals,
                (select count(*)::int from kyc_requests where status = 'Pending') as pending_kyc,
                d.today::text as deposits_today, d.week::text as deposits_week,
                w.today::text as withdrawals_today, w.week::text as withdrawals_week,
                p.trading_house::text as trading_house, p.fee_revenue::text as fee_revenue,
                me.full_name, me.email,
                (select withdrawal_dual_approval_micros::text from site_settings where id = 1)
                  as dual_approval
              from
                (select coalesce(sum(amount_micros) filter (where decided_at >= ${todayIso}::timestamptz), 0) as today,
                        coalesce(sum(amount_micros), 0) as week
                 from deposits where status = 'Completed' and decided_at >= ${weekStartIso}::timestamptz) d,
                (select coalesce(sum(amount_micros) filter (where decided_at >= ${todayIso}::timestamptz), 0) as today,
                        coalesce(sum(amount_micros), 0) as week
                 from withdrawals where status = 'Completed' and decided_at >= ${weekStartIso}::timestamptz) w,
                (select coalesce(sum(balance_micros) filter (where kind = 'trading_house'), 0)
                          as trading_house,
                        coalesce(sum(balance_micros) filter (where kind = 'fee_revenue'), 0)
                          as fee_revenue
                 from ledger_accounts
                 where user_id is null and kind in ('trading_house', 'fee_revenue')) p
              left join users me on me.id = ${userId}::uuid`,
        ),
        ledgerStatus(),
        Promise.resolve()
          .then(() => options.marketStatus())
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'overview: market status unavailable');
            return { error: 'Market status unavailable.' };
          }),
      ]);
      const figures = figuresRows[0];
      if (!figures) throw new Error('overview: no figures row');
      if (figures.full_name === null || figures.full_name === undefined) {
        throw notFound('Admin not found.');
      }
      const money = (value: unknown) => formatMicros(BigInt(String(value)));
      return {
        users: { total: countOf(figures.users_total), newToday: countOf(figures.users_today) },
        admin: { fullName: String(figures.full_name), email: String(figures.email) },
        pending: {
          deposits: countOf(figures.pending_deposits),
          withdrawals: countOf(figures.pending_withdrawals),
          kyc: countOf(figures.pending_kyc),
        },
        volume: {
          deposits: {
            today: money(figures.deposits_today),
            last7Days: money(figures.deposits_week),
          },
          withdrawals: {
            today: money(figures.withdrawals_today),
            last7Days: money(figures.withdrawals_week),
          },
        },
        platform: {
          tradingHouse: money(figures.trading_house),
          feeRevenue: money(figures.fee_revenue),
        },
        ledger,
        market,
        withdrawalDualApproval:
          figures.dual_approval === null || figures.dual_approval === undefined
            ? null
            : money(figures.dual_approval),
      };
    },
  );
};
