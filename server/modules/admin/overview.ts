/**
 * GET /api/admin/overview: what needs attention and the platform's health at a glance. The
 * figures come from one SQL statement (overview-repository.ts); the ledger check (several
 * full scans) runs at most once a minute per instance and its result is reused in between,
 * so the dashboard stays cheap however often it is polled.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AdminDashboard } from '../../../common/contract';
import { formatMicros } from '../../../common/money';
import { sessionOf } from '../../http/auth-guard';
import { notFound } from '../../http/errors';
import { checkLedger } from '../../ledger/check';
import type { MarketFeedStatus } from '../../market/runtime';
import { readOverviewFigures } from './overview-repository';
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

/** The dashboard from the figures row, the ledger check and the market's state. */
function dashboardOf(
  figures: Record<string, unknown>,
  ledger: LedgerStatus,
  market: AdminDashboard['market'],
): AdminDashboard {
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
    tradingCountriesChosen: figures.trading_countries_chosen === true,
  };
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
      const [figures, ledger, market] = await Promise.all([
        readOverviewFigures(app.db, userId, todayIso, weekStartIso),
        ledgerStatus(),
        Promise.resolve()
          .then(() => options.marketStatus())
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'overview: market status unavailable');
            return { error: 'Market status unavailable.' };
          }),
      ]);
      if (!figures) throw new Error('overview: no figures row');
      if (figures.full_name === null || figures.full_name === undefined) {
        throw notFound('Admin not found.');
      }
      return dashboardOf(figures, ledger, market);
    },
  );
};
