/** The dashboard's figures, read in one statement so a poll costs one round trip. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * Counts of users and pending requests, completed deposit and withdrawal volumes since
 * `todayIso` and `weekStartIso`, the platform accounts' balances, the dual-approval size, and
 * whether an admin has saved the blocked countries once, and the signed-in admin's name and email (null when no such account). Money as decimal text.
 */
export async function readOverviewFigures(
  db: Db,
  adminId: string,
  todayIso: string,
  weekStartIso: string,
): Promise<Record<string, unknown> | undefined> {
  const [figures] = await queryRows<Record<string, unknown>>(
    db,
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
            as dual_approval,
          coalesce((select trading_countries_saved_at is not null from site_settings where id = 1),
                   false) as trading_countries_chosen
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
        left join users me on me.id = ${adminId}::uuid`,
  );
  return figures;
}
