/**
 * The checks run after EVERY step of a sequence, model against reality:
 * - each user's `balance` (available) and `onHold` from GET /api/getUserById;
 * - each wallet's cached balance equals the sum of its postings, and its hold equals its
 *   pending withdrawals plus pending trades (ledger:check's invariants, for these wallets);
 * - the rows the sequence made, by kind and status (deposits, withdrawals with their first
 *   approvals, trades with their results, transfers, stored idempotency keys): exactly the
 *   model's, so nothing was created twice;
 * - the platform accounts moved by exactly the model's fees, house result and clearing;
 * - the journal entries posted since the sequence began: as many as the model expects, each
 *   with at least two postings summing to zero.
 * They cost a handful of indexed queries; the full checkLedger runs at each sequence's end.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../../server/db/client';
import { wire } from './money';
import {
  PRACTICE_START_MICROS,
  tradeWalletOf,
  USER_NAMES,
  walletOf,
  type Model,
  type PlatformDeltas,
  type Real,
} from './state';
import { countCommand, json, send } from './world';

/** Arrays as one parameter, so the statement text never varies. */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export async function platformTotals(real: Pick<Real, 'world'>): Promise<PlatformDeltas> {
  const rows = await queryRows<{ kind: string; total: string }>(
    real.world.test.app.db,
    sql`select kind, sum(balance_micros)::text as total from ledger_accounts
        where user_id is null group by kind`,
  );
  const total = (kind: string) => BigInt(rows.find((r) => r.kind === kind)?.total ?? 0);
  return {
    feeRevenue: total('fee_revenue'),
    tradingHouse: total('trading_house'),
    depositClearing: total('deposit_clearing'),
    withdrawalClearing: total('withdrawal_clearing'),
    practiceHouse: total('practice_house'),
    practiceFaucet: total('practice_faucet'),
  };
}

async function checkBalancesThroughApi(model: Model, real: Real, label: string): Promise<void> {
  for (const [ix, user] of real.users.entries()) {
    const reply = await send(real.world, {
      method: 'GET',
      url: '/api/getUserById',
      headers: user.auth,
    });
    expect(reply.status).toBe(200);
    const { balance, onHold, practiceBalance } = json<{
      user: { balance: string; onHold: string; practiceBalance: string };
    }>(reply).user;
    const wallet = walletOf(model, ix as 0 | 1 | 2);
    const practice = tradeWalletOf(model, ix as 0 | 1 | 2, 'practice');
    expect(
      { balance, onHold, practiceBalance },
      `${label}: user ${USER_NAMES[ix]} through the API`,
    ).toEqual({
      balance: wire(wallet.availableMicros),
      onHold: wire(wallet.heldMicros),
      practiceBalance: wire(practice.availableMicros),
    });
  }
}

async function checkWallets(model: Model, real: Real, label: string): Promise<void> {
  const ids = real.users.map((u) => u.userId);
  const rows = await queryRows<{
    kind: string;
    user_id: string;
    balance: string;
    held: string;
    posted: string;
  }>(
    real.world.test.app.db,
    sql`select a.kind, a.user_id::text as user_id, a.balance_micros::text as balance,
               a.held_micros::text as held,
               coalesce((select sum(p.amount_micros) from postings p where p.account_id = a.id), 0)::text as posted
        from ledger_accounts a
        where a.kind in ('user_wallet', 'user_practice') and a.user_id = any(${uuidArray(ids)})`,
  );
  for (const [ix, id] of ids.entries()) {
    for (const account of ['real', 'practice'] as const) {
      const kind = account === 'real' ? 'user_wallet' : 'user_practice';
      const row = rows.find((r) => r.user_id === id && r.kind === kind);
      if (account === 'practice' && !model.practiceMade[ix]) {
        expect(row, `${label}: no practice account of ${USER_NAMES[ix]} yet`).toBeUndefined();
        continue;
      }
      const wallet = tradeWalletOf(model, ix as 0 | 1 | 2, account);
      const total = wallet.availableMicros + wallet.heldMicros;
      expect(row, `${label}: ${kind} of ${USER_NAMES[ix]}`).toEqual({
        kind,
        user_id: id,
        balance: total.toString(),
        held: wallet.heldMicros.toString(),
        posted: total.toString(),
      });
    }
  }
}

/** The model's rows as "kind user status" → count/sum lines, sorted. */
function expectedRows(model: Model): string[] {
  const counts = new Map<string, { n: number; sum: bigint }>();
  const add = (line: string, amount: bigint) => {
    const entry = counts.get(line) ?? { n: 0, sum: 0n };
    entry.n += 1;
    entry.sum += amount;
    counts.set(line, entry);
  };
  for (const d of model.deposits) add(`deposit ${d.user} ${d.status}`, d.amountMicros);
  for (const w of model.withdrawals) {
    const first = w.firstApprover === null ? '' : '+first';
    add(`withdrawal ${w.user} ${w.status}${first}`, w.amountMicros);
  }
  for (const t of model.trades) {
    const result = t.result === null ? '' : `:${t.result}`;
    add(`trade ${t.user} ${t.account} ${t.status}${result}`, t.stakeMicros);
  }
  for (const t of model.transfers) add(`transfer ${t.from} sent`, 0n);
  for (const id of model.storedKeys.keys()) add(`key ${id.split(':')[0]} stored`, 0n);
  return [...counts.entries()].map(([line, { n, sum }]) => `${line} ×${n} Σ${sum}`).sort();
}

async function actualRows(real: Real): Promise<string[]> {
  const ids = real.users.map((u) => u.userId);
  const list = uuidArray(ids);
  const rows = await queryRows<{
    kind: string;
    user_id: string;
    state: string;
    n: string;
    sum: string;
  }>(
    real.world.test.app.db,
    sql`select 'deposit' as kind, user_id::text, status as state, count(*)::text as n,
               sum(amount_micros)::text as sum
          from deposits where user_id = any(${list}) group by user_id, status
        union all
        select 'withdrawal', user_id::text,
               status || case when first_approved_by is null then '' else '+first' end,
               count(*)::text, sum(amount_micros)::text
          from withdrawals where user_id = any(${list})
          group by user_id, status, first_approved_by is null
        union all
        select 'trade', user_id::text, account || ' ' || status || coalesce(':' || result, ''),
               count(*)::text, sum(stake_micros)::text
          from trades where user_id = any(${list}) group by user_id, account, status, result
        union all
        select 'transfer', sender_id::text, 'sent', count(*)::text, '0'
          from transfers where sender_id = any(${list}) group by sender_id
        union all
        select 'key', user_id::text, 'stored', count(*)::text, '0'
          from idempotency_keys where user_id = any(${list}) group by user_id`,
  );
  return rows.map((r) => `${r.kind} ${ids.indexOf(r.user_id)} ${r.state} ×${r.n} Σ${r.sum}`).sort();
}

async function checkPlatform(model: Model, real: Real, label: string): Promise<void> {
  const now = await platformTotals(real);
  const base = real.baseline.platform;
  const moved: PlatformDeltas = {
    feeRevenue: now.feeRevenue - base.feeRevenue,
    tradingHouse: now.tradingHouse - base.tradingHouse,
    depositClearing: now.depositClearing - base.depositClearing,
    withdrawalClearing: now.withdrawalClearing - base.withdrawalClearing,
    practiceHouse: now.practiceHouse - base.practiceHouse,
    practiceFaucet: now.practiceFaucet - base.practiceFaucet,
  };
  expect(moved, `${label}: platform accounts`).toEqual(model.platform);
}

async function checkEntries(model: Model, real: Real, label: string): Promise<void> {
  // Unbalanced: not summing to zero, fewer than two postings, or more than one currency
  // (practice money and USDT never cross).
  const [row] = await queryRows<{ entries: string; bad: string }>(
    real.world.test.app.db,
    sql`select count(*)::text as entries,
               count(*) filter (where x.total <> 0 or x.lines < 2 or x.currencies <> 1)::text as bad
        from (select e.id, coalesce(sum(p.amount_micros), 0) as total, count(p.id) as lines,
                     count(distinct a.currency) as currencies
              from journal_entries e left join postings p on p.entry_id = e.id
              left join ledger_accounts a on a.id = p.account_id
              where e.id > ${real.baseline.lastEntryId.toString()}::bigint
              group by e.id) x`,
  );
  expect(
    { entries: Number(row?.entries), unbalanced: Number(row?.bad) },
    `${label}: journal entries`,
  ).toEqual({ entries: model.entries, unbalanced: 0 });
}

/** The model's own consistency: what a wallet holds is its pending withdrawals and trades. */
function checkModelHolds(model: Model): void {
  for (const [ix, wallet] of model.wallets.entries()) {
    let pending = 0n;
    for (const w of model.withdrawals)
      if (w.user === ix && w.status === 'Pending') pending += w.amountMicros;
    for (const t of model.trades)
      if (t.user === ix && t.status === 'Pending' && t.account === 'real') pending += t.stakeMicros;
    expect(wallet.heldMicros, `model hold of ${USER_NAMES[ix]}`).toBe(pending);
    expect(wallet.availableMicros >= 0n, `model balance of ${USER_NAMES[ix]}`).toBe(true);
  }
  for (const [ix, practice] of model.practice.entries()) {
    let pending = 0n;
    for (const t of model.trades)
      if (t.user === ix && t.status === 'Pending' && t.account === 'practice')
        pending += t.stakeMicros;
    expect(practice.heldMicros, `model practice hold of ${USER_NAMES[ix]}`).toBe(pending);
    expect(practice.availableMicros >= 0n, `model practice of ${USER_NAMES[ix]}`).toBe(true);
  }
}

/**
 * Conservation, each currency apart: what the users' real wallets gained is what the USDT
 * platform accounts gave, and what their practice balances gained (from the start of
 * 10,000) is what the practice house and faucet gave. Neither can pay the other.
 */
function checkConservation(model: Model): void {
  const p = model.platform;
  let real = 0n;
  for (const w of model.wallets) real += w.availableMicros + w.heldMicros;
  expect(real + p.feeRevenue + p.tradingHouse + p.depositClearing + p.withdrawalClearing).toBe(0n);
  // A practice account not made yet is shown at 10,000 but holds nothing on the books; one
  // made during the sequence got its 10,000 from the faucet within it (the faucet's delta).
  let practice = 0n;
  for (const [ix, w] of model.practice.entries()) {
    if (model.practiceMade[ix]) practice += w.availableMicros + w.heldMicros;
  }
  const start = BigInt(model.practiceMadeAtStart) * PRACTICE_START_MICROS;
  expect(practice - start + p.practiceHouse + p.practiceFaucet).toBe(0n);
}

/** Every check, after one step. `label` names the step in failure messages. */
export async function checkStep(model: Model, real: Real, label: string): Promise<void> {
  model.steps += 1;
  countCommand(real.world, label);
  checkModelHolds(model);
  checkConservation(model);
  await checkBalancesThroughApi(model, real, label);
  await checkWallets(model, real, label);
  expect(await actualRows(real), `${label}: rows by kind and status`).toEqual(expectedRows(model));
  await checkPlatform(model, real, label);
  await checkEntries(model, real, label);
}
