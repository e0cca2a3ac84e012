/**
 * The mail sender's cost per mail on PostgreSQL: N `transfer_received` mails for a few users
 * are enqueued in a fresh database, then the real sender (`sendDueMails`, as the mail job
 * calls it) sends them through the `.eml` file channel of the embedded default until the
 * outbox is empty. Prints this process's CPU time (process.cpuUsage: claim, render, compose,
 * write, mark) and the wall time per mail, and the CPU the PostgreSQL backends spent per mail
 * (from /proc). ROUNDS rounds on the same database; the first warms the code and the
 * statements up and is printed apart.
 *
 *   npm run bench:mail           (BENCH_PG_URL, BENCH_MAILS, BENCH_ROUNDS)
 *
 * With BENCH_STATEMENTS=1 (PostgreSQL with pg_stat_statements preloaded) it also prints the
 * sender's statements by execution time over all rounds, per mail.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../server/db/client';
import { createMailChannel, enqueueMail, sendDueMails } from '../server/modules/mail';
import {
  backendCpuDeltaMs,
  backendCpuMs,
  dropDatabase,
  formatLoadAverage,
  freshDatabase,
  machineReport,
  sampleLoadAverage,
} from './lib';

const MAILS = Number(process.env.BENCH_MAILS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const USERS = 5;
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';
/** Mails enqueued per transaction (one transaction per mail would time the enqueue). */
const ENQUEUE_CHUNK = 500;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface RoundFigures {
  sent: number;
  cpuMsPerMail: number;
  /** The user-space part of cpuMsPerMail; the rest is the kernel's (mostly making the files). */
  userMsPerMail: number;
  wallMsPerMail: number;
  postgresCpuMsPerMail: number;
}

/** Users straight in SQL (registration hashes passwords: slow by design). */
async function createUsers(db: Db): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into users (full_name, username, email, phone_number, password_hash, pay_id)
        select 'Bench Reader ' || i, 'bench_reader_' || i, 'bench_reader_' || i || '@example.com',
               '+10000000000', 'not-a-hash', (30000000 + i)::text
        from generate_series(1, ${USERS}) as i
        returning id::text as id`,
  );
  return rows.map((row) => row.id);
}

async function enqueueTransfers(db: Db, userIds: string[]): Promise<void> {
  for (let start = 0; start < MAILS; start += ENQUEUE_CHUNK) {
    await db.transaction(async (tx) => {
      for (let i = start; i < Math.min(start + ENQUEUE_CHUNK, MAILS); i += 1) {
        await enqueueMail(tx, {
          userId: userIds[i % userIds.length]!,
          kind: 'transfer_received',
          params: { amount: `${(i % 997) + 1}.250000`, sender: `bench_sender_${i % 13}` },
        });
      }
    });
  }
}

async function round(db: Db, databaseName: string, dataDir: string): Promise<RoundFigures> {
  const channel = createMailChannel({ smtpUrl: null, mailFrom: 'bench@example.com', dataDir });
  const deps = { db, channel, publicUrl: 'http://localhost:3000', log: quiet };
  const backendsBefore = await backendCpuMs(databaseName);
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  let sent = 0;
  for (;;) {
    const result = await sendDueMails(deps);
    if (result.retried + result.failed > 0)
      throw new Error(`mails not sent: ${JSON.stringify(result)}`);
    if (result.sent === 0) break;
    sent += result.sent;
  }
  const wallMs = performance.now() - wallBefore;
  const cpu = process.cpuUsage(cpuBefore);
  const postgresMs = backendCpuDeltaMs(backendsBefore, await backendCpuMs(databaseName));
  channel.close();
  if (sent !== MAILS) throw new Error(`sent ${sent} of ${MAILS}`);
  const files = fs.readdirSync(path.join(dataDir, 'mail'));
  if (files.length !== MAILS) throw new Error(`${files.length} files for ${MAILS} mails`);
  return {
    sent,
    cpuMsPerMail: (cpu.user + cpu.system) / 1000 / sent,
    userMsPerMail: cpu.user / 1000 / sent,
    wallMsPerMail: wallMs / sent,
    postgresCpuMsPerMail: postgresMs / sent,
  };
}

/** The statements that touched the outbox, by execution time per mail (pg_stat_statements). */
async function printStatements(db: Db, mails: number): Promise<void> {
  const rows = await queryRows<{ calls: string; ms: string; query: string }>(
    db,
    sql`select calls::text, total_exec_time::text as ms, query from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query ilike '%mail_outbox%' and query not ilike 'insert%'
        order by total_exec_time desc limit 6`,
  );
  console.log('\nstatements on the outbox (all rounds):');
  for (const row of rows) {
    const text = row.query.replace(/\s+/g, ' ').slice(0, 90);
    console.log(`  ${(Number(row.ms) / mails).toFixed(4)} ms/mail, ${row.calls} calls: ${text}`);
  }
}

const format = (label: string, f: RoundFigures) =>
  `${label}: ${f.sent} mails, sender CPU ${f.cpuMsPerMail.toFixed(3)} ms/mail (user ${f.userMsPerMail.toFixed(3)}), ` +
  `wall ${f.wallMsPerMail.toFixed(3)} ms/mail, PostgreSQL CPU ${f.postgresCpuMsPerMail.toFixed(3)} ms/mail`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function main() {
  console.log(await machineReport());
  console.log(`${MAILS} transfer_received mails per round, ${ROUNDS} rounds, file channel\n`);
  const target = await freshDatabase('bench_mail');
  const database = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 4 });
  const load = sampleLoadAverage();
  const figures: RoundFigures[] = [];
  try {
    const userIds = await createUsers(database.db);
    if (STATEMENTS)
      await database.db.execute(sql`create extension if not exists pg_stat_statements`);
    for (let r = 0; r < ROUNDS; r += 1) {
      await enqueueTransfers(database.db, userIds);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-bench-mail-'));
      try {
        const f = await round(database.db, target.name, dataDir);
        console.log(format(r === 0 ? 'round 1 (warm-up)' : `round ${r + 1}`, f));
        if (r > 0) figures.push(f);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    if (STATEMENTS) await printStatements(database.db, MAILS * ROUNDS);
  } finally {
    await database.close();
    await dropDatabase(target.name);
  }
  if (figures.length > 0) {
    console.log(
      `\nmedian of rounds 2-${ROUNDS}: sender CPU ${median(figures.map((f) => f.cpuMsPerMail)).toFixed(3)} ms/mail ` +
        `(user ${median(figures.map((f) => f.userMsPerMail)).toFixed(3)}), ` +
        `wall ${median(figures.map((f) => f.wallMsPerMail)).toFixed(3)} ms/mail, ` +
        `PostgreSQL CPU ${median(figures.map((f) => f.postgresCpuMsPerMail)).toFixed(3)} ms/mail`,
    );
  }
  console.log(formatLoadAverage(load.stop()));
}

await main();
