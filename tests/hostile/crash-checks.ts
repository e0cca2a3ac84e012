/**
 * What the crash suite checks after each phase, from the database and through the API:
 * - every lost (or 5xx) money-moving request replayed with its key and body completes at
 *   most once: the rows it adds are exactly the replays that answered 201 without being a
 *   replay, and a second replay of each answers the first replay's answer and adds nothing;
 * - answered requests replay byte for byte and add nothing;
 * - the whole database has no duplicates: one row per stored key, one journal entry per
 *   completed deposit, withdrawal, transfer and decided trade, none for the others;
 * - nothing acknowledged was lost: every id a 201 answered, and every approval a 200
 *   answered, is in the database;
 * - `npm run ledger:check` and `npm run trades:verify` exit 0.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { parseJson, type CallRecord, type Client } from './crash-load';

const run = promisify(execFile);

/** The table each keyed route inserts into, and the answer field holding the row. */
const ROUTE_TABLES = {
  '/api/createTransfer': { table: 'transfers', field: 'transfer', route: 'createTransfer' },
  '/api/createDeposit': { table: 'deposits', field: 'deposit', route: 'createDeposit' },
  '/api/createWithdraw': { table: 'withdrawals', field: 'withdraw', route: 'createWithdraw' },
  '/api/createTrade': { table: 'trades', field: 'trade', route: 'createTrade' },
} as const;
type RoutePath = keyof typeof ROUTE_TABLES;
type TableName = (typeof ROUTE_TABLES)[RoutePath]['table'];
const TABLES: TableName[] = ['transfers', 'deposits', 'withdrawals', 'trades'];

type Counts = Record<TableName | 'entries' | 'keys', number>;

async function withDb<T>(url: string, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

async function countRows(url: string): Promise<Counts> {
  return withDb(url, async (db) => {
    const { rows } = await db.query<Record<string, string>>(
      `select (select count(*) from transfers) as transfers, (select count(*) from deposits) as deposits,
              (select count(*) from withdrawals) as withdrawals, (select count(*) from trades) as trades,
              (select count(*) from journal_entries) as entries,
              (select count(*) from idempotency_keys) as keys`,
    );
    const row = rows[0] ?? {};
    return {
      transfers: Number(row.transfers),
      deposits: Number(row.deposits),
      withdrawals: Number(row.withdrawals),
      trades: Number(row.trades),
      entries: Number(row.entries),
      keys: Number(row.keys),
    };
  });
}

function tableOf(path: string): TableName | null {
  return path in ROUTE_TABLES ? ROUTE_TABLES[path as RoutePath].table : null;
}

/** New rows each record added, judged from its answer: 201 and not a replay. */
function freshRows(records: readonly CallRecord[]): Record<TableName, number> {
  const added: Record<TableName, number> = { transfers: 0, deposits: 0, withdrawals: 0, trades: 0 };
  for (const r of records) {
    const table = tableOf(r.path);
    if (table && r.answer?.status === 201 && !r.answer.replayed) added[table] += 1;
  }
  return added;
}

function difference(before: Counts, after: Counts): Record<TableName, number> {
  return {
    transfers: after.transfers - before.transfers,
    deposits: after.deposits - before.deposits,
    withdrawals: after.withdrawals - before.withdrawals,
    trades: after.trades - before.trades,
  };
}

const sameCounts = (a: Record<TableName, number>, b: Record<TableName, number>) =>
  TABLES.every((t) => a[t] === b[t]);

const show = (c: Record<TableName, number>) => TABLES.map((t) => `${t} ${c[t]}`).join(', ');

export interface ReplayReport {
  lost: number;
  replayedStored: number;
  completedNow: number;
  refusedNow: number;
  answeredReplays: number;
  decisionsReplayed: number;
  duplicates: number;
  violations: string[];
}

/** Money-moving calls whose outcome the client does not know: no answer, or a 5xx. */
function unknownOutcomes(records: readonly CallRecord[], phase: string): CallRecord[] {
  return records.filter(
    (r) =>
      r.phase === phase &&
      r.kind === 'money' &&
      r.key !== null &&
      (r.answer === null || r.answer.status >= 500),
  );
}

/**
 * Replays every lost money request twice and a sample of answered ones once, checking the
 * answers and that the row counts move exactly by what was newly completed.
 */
export async function replayAndCount(
  client: Client,
  url: string,
  phase: string,
  sampleSize: number,
): Promise<ReplayReport> {
  const violations: string[] = [];
  const lost = unknownOutcomes(client.records, phase);
  const before = await countRows(url);
  const first: CallRecord[] = [];
  for (const original of lost) first.push(await client.replay(original, `${phase}:replay`));
  for (const r of first) {
    if (!r.answer) violations.push(`replay of ${r.path} (key ${r.key}) lost again: ${r.error}`);
    else if (r.answer.status >= 500)
      violations.push(`replay of ${r.path} answered ${r.answer.status}: ${r.answer.body}`);
  }
  const afterFirst = await countRows(url);
  const expectedFirst = freshRows(first);
  let duplicates = 0;
  if (!sameCounts(difference(before, afterFirst), expectedFirst)) {
    duplicates += 1;
    violations.push(
      `the first replay added ${show(difference(before, afterFirst))} but only ${show(expectedFirst)} completed now`,
    );
  }

  const second: CallRecord[] = [];
  for (const [i, original] of lost.entries()) {
    const again = await client.replay(original, `${phase}:replay-again`);
    second.push(again);
    const previous = first[i]?.answer;
    if (!again.answer || again.answer.status >= 500) {
      violations.push(
        `second replay of ${original.path} failed: ${again.answer?.status ?? again.error}`,
      );
    } else if (previous && previous.status === 201) {
      if (
        again.answer.status !== 201 ||
        again.answer.body !== previous.body ||
        !again.answer.replayed
      ) {
        duplicates += 1;
        violations.push(
          `second replay of ${original.path} (key ${original.key}) did not replay the first`,
        );
      }
    }
  }
  const afterSecond = await countRows(url);
  const expectedSecond = freshRows(second);
  if (!sameCounts(difference(afterFirst, afterSecond), expectedSecond)) {
    duplicates += 1;
    violations.push(
      `the second replay added ${show(difference(afterFirst, afterSecond))}; expected ${show(expectedSecond)}`,
    );
  }

  // Answered requests: a retry after an answer must replay it exactly and add nothing.
  const answered = client.records.filter(
    (r) =>
      r.phase === phase && r.kind === 'money' && r.answer?.status === 201 && !r.answer.replayed,
  );
  const sample = answered.filter(
    (_, i) => i % Math.max(1, Math.floor(answered.length / sampleSize)) === 0,
  );
  const beforeSample = await countRows(url);
  for (const original of sample) {
    const again = await client.replay(original, `${phase}:replay-answered`);
    if (!again.answer) {
      violations.push(`replay of an answered ${original.path} got no answer: ${again.error}`);
    } else if (
      again.answer.status !== 201 ||
      again.answer.body !== original.answer?.body ||
      !again.answer.replayed
    ) {
      duplicates += 1;
      violations.push(
        `replay of an answered ${original.path} (key ${original.key}) answered ${again.answer.status} instead of the first answer`,
      );
    }
  }
  const afterSample = await countRows(url);
  if (!sameCounts(difference(beforeSample, afterSample), freshRows([]))) {
    duplicates += 1;
    violations.push(
      `replaying answered requests added ${show(difference(beforeSample, afterSample))}`,
    );
  }

  // Decisions whose answer was lost: deciding again answers 200 (it had not happened) or
  // 409 (it had); never a 5xx, and the checks below find the ledger moved once.
  const lostDecisions = client.records.filter(
    (r) =>
      r.phase === phase && r.kind === 'decision' && (r.answer === null || r.answer.status >= 500),
  );
  for (const original of lostDecisions) {
    const again = await client.replay(original, `${phase}:replay-decision`);
    if (!again.answer || again.answer.status >= 500) {
      violations.push(
        `decision replay ${original.path} failed: ${again.answer?.status ?? again.error}`,
      );
    }
  }

  return {
    lost: lost.length,
    replayedStored: first.filter((r) => r.answer?.replayed).length,
    completedNow: first.filter((r) => r.answer?.status === 201 && !r.answer.replayed).length,
    refusedNow: first.filter((r) => r.answer && r.answer.status >= 400 && r.answer.status < 500)
      .length,
    answeredReplays: sample.length,
    decisionsReplayed: lostDecisions.length,
    duplicates,
    violations,
  };
}

/**
 * Whole-database duplicate and durability checks. Answers violations; `duplicates` counts
 * rows that exist twice or without their key.
 */
export async function integrity(
  url: string,
  records: readonly CallRecord[],
): Promise<{ duplicates: number; missing: number; violations: string[] }> {
  return withDb(url, async (db) => {
    const violations: string[] = [];
    let duplicates = 0;
    let missing = 0;
    for (const { table, field, route } of Object.values(ROUTE_TABLES)) {
      // Each stored key made exactly one row, and each row has its key.
      const { rows } = await db.query<{
        keys: string;
        rows: string;
        unmatched: string;
        orphans: string;
      }>(
        `with k as materialized (
           select (response_body::jsonb -> $2 ->> '_id')::uuid as id
           from idempotency_keys where route = $1)
         select (select count(*) from k) as keys, (select count(*) from ${table}) as rows,
                (select count(*) from k where not exists
                   (select 1 from ${table} t where t.id = k.id)) as unmatched,
                (select count(*) from ${table} t where not exists
                   (select 1 from k where k.id = t.id)) as orphans`,
        [route, field],
      );
      const row = rows[0];
      if (!row) throw new Error('no counts');
      if (row.keys !== row.rows || row.unmatched !== '0' || row.orphans !== '0') {
        duplicates += Math.abs(Number(row.rows) - Number(row.keys)) + Number(row.orphans);
        violations.push(
          `${table}: ${row.rows} rows for ${row.keys} stored keys (${row.unmatched} keys without their row, ${row.orphans} rows without a key)`,
        );
      }
    }
    // One journal entry per completed business event, none for the rest.
    const entryChecks: Array<[string, string]> = [
      [
        'transfers with other than one entry',
        `select count(*) as n from transfers t where (select count(*) from journal_entries e
           where e.reference_type = 'transfer' and e.reference_id = t.id::text) <> 1`,
      ],
      [
        'deposits whose entries do not match their status',
        `select count(*) as n from deposits d where (select count(*) from journal_entries e
           where e.reference_type = 'deposit' and e.reference_id = d.id::text)
           <> case when d.status = 'Completed' then 1 else 0 end`,
      ],
      [
        'withdrawals whose entries do not match their status',
        `select count(*) as n from withdrawals w where (select count(*) from journal_entries e
           where e.reference_type = 'withdrawal' and e.reference_id = w.id::text)
           <> case when w.status = 'Completed' then 1 else 0 end`,
      ],
      [
        'trades whose settlement entries do not match their result',
        `select count(*) as n from trades t where (select count(*) from journal_entries e
           where e.reference_type = 'trade' and e.reference_id = t.id::text
             and e.kind = 'trade_settlement')
           <> case when t.result in ('win', 'loss') then 1 else 0 end`,
      ],
    ];
    for (const [what, query] of entryChecks) {
      const n = Number((await db.query<{ n: string }>(query)).rows[0]?.n ?? 0);
      if (n > 0) {
        duplicates += n;
        violations.push(`${n} ${what}`);
      }
    }
    // Durability: what the client was told happened is in the database.
    const acknowledged = new Map<TableName, string[]>();
    for (const r of records) {
      const table = tableOf(r.path);
      const info = ROUTE_TABLES[r.path as RoutePath];
      if (!table || !info || r.answer?.status !== 201) continue;
      const id = parseJson<Record<string, { _id?: string }>>(r)?.[info.field]?._id;
      if (id) acknowledged.set(table, [...(acknowledged.get(table) ?? []), id]);
    }
    for (const [table, ids] of acknowledged) {
      const unique = [...new Set(ids)];
      const { rows } = await db.query<{ n: string }>(
        `select count(*) as n from ${table} where id = any($1::uuid[])`,
        [unique],
      );
      const found = Number(rows[0]?.n ?? 0);
      if (found !== unique.length) {
        missing += unique.length - found;
        violations.push(`${unique.length - found} acknowledged ${table} are missing`);
      }
    }
    const approvals = records.filter(
      (r) => r.kind === 'decision' && r.answer?.status === 200 && r.body?.status === 'Completed',
    );
    for (const r of approvals) {
      const answer = parseJson<{
        deposit?: { _id: string };
        withdraw?: { _id: string };
        awaitingSecondApproval?: boolean;
      }>(r);
      const [table, id] = answer?.deposit
        ? ['deposits', answer.deposit._id]
        : answer?.withdraw && answer.awaitingSecondApproval === false
          ? ['withdrawals', answer.withdraw._id]
          : [null, null];
      if (!table || !id) continue;
      const { rows } = await db.query<{ status: string }>(
        `select status from ${table} where id = $1::uuid`,
        [id],
      );
      if (rows[0]?.status !== 'Completed') {
        missing += 1;
        violations.push(
          `an acknowledged approval of ${table} ${id} is ${rows[0]?.status ?? 'missing'}`,
        );
      }
    }
    return { duplicates, missing, violations };
  });
}

/** Due trades the sweeper has not settled yet (exit window and grace passed). */
export async function overdueTrades(url: string): Promise<number> {
  return withDb(url, async (db) => {
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from trades where status = 'Pending' and expires_at < now() - interval '8 seconds'`,
    );
    return Number(rows[0]?.n ?? 0);
  });
}

/** Runs one of the project's npm check commands against `url`; answers its output and result. */
export async function npmCheck(
  script: 'ledger:check' | 'trades:verify',
  url: string,
): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await run('npm', ['run', '--silent', script], {
      env: { ...process.env, DATABASE_URL: url },
      timeout: 120_000,
    });
    return { ok: true, output: stdout.trimEnd() };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return {
      ok: false,
      output: `${failure.stdout ?? ''}${failure.stderr ?? ''}`.trimEnd() || failure.message,
    };
  }
}
