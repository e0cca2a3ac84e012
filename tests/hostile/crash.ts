/**
 * `npm run hostile:crash`: the crash suite, run by hand (not in CI).
 *
 * On a private PostgreSQL cluster (never the machine's shared one), the real server takes
 * mixed load from one worker per user (transfers, deposits and their decisions,
 * withdrawals with single and dual approval, trades), every money-moving request with an
 * Idempotency-Key recorded with its body and answer. Two phases of CRASH_SECONDS each:
 *
 * 1. kill -9: the server is killed at random moments (CRASH_KILLS times) and started again.
 * 2. PostgreSQL restart: the cluster is restarted with `pg_ctl restart -m immediate`
 *    (CRASH_PG_RESTARTS times) while the server keeps running.
 *
 * After each phase: due trades must settle; every request whose answer was lost (or was a
 * 5xx) is replayed with its key and body, twice, and must complete at most once; a sample
 * of answered requests must replay byte for byte; the database must hold no duplicates
 * and everything acknowledged; `npm run ledger:check` and `npm run trades:verify` must
 * pass. No 5xx is allowed except while the database is down and for CRASH_GRACE_MS after.
 * Prints a summary and exits 1 on any violation. The cluster and all files are removed at
 * the end, also on failure or Ctrl-C.
 *
 * Settings: CRASH_SECONDS (60), CRASH_KILLS (4), CRASH_PG_RESTARTS (2), CRASH_USERS (8),
 * CRASH_PORT (3190), CRASH_PG_PORT (55432), CRASH_GRACE_MS (5000), CRASH_SEED,
 * CRASH_PG_BIN (/usr/lib/postgresql/15/bin).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  integrity,
  npmCheck,
  overdueTrades,
  replayAndCount,
  type ReplayReport,
} from './crash-checks';
import {
  Client,
  CRASH_ADMIN,
  parseJson,
  runLoad,
  seededRandom,
  seedWorld,
  type CallRecord,
  type LoadWorld,
} from './crash-load';
import { assertPortFree, startPrivateCluster, type PrivateCluster } from './crash-pg';
import { ServerProcess } from './crash-server';

function envInteger(name: string, fallback: number, min = 0): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number ≥ ${min}, got "${text}"`);
  }
  return value;
}

const SECONDS = envInteger('CRASH_SECONDS', 60, 10);
const KILLS = envInteger('CRASH_KILLS', 4, 1);
const PG_RESTARTS = envInteger('CRASH_PG_RESTARTS', 2, 1);
const USERS = envInteger('CRASH_USERS', 8, 2);
const PORT = envInteger('CRASH_PORT', 3190, 1);
const PG_PORT = envInteger('CRASH_PG_PORT', 55432, 1);
const GRACE_MS = envInteger('CRASH_GRACE_MS', 5000);
const SEED = envInteger('CRASH_SEED', Date.now() % 1_000_000);
/** Due trades must be settled by the sweeper within this time after a phase. */
const SETTLE_WAIT_MS = 45_000;
const ANSWERED_REPLAY_SAMPLE = 100;

const print = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When the server or the database was down: [start, end] in ms since the epoch. */
interface Window {
  startMs: number;
  endMs: number;
}

interface PhaseReport {
  name: string;
  records: CallRecord[];
  disruptions: Window[];
  /** Per disruption, how long it lasted (restart until healthy, or the cluster restart). */
  downMs: number[];
  replay: ReplayReport;
  overdueTrades: number;
  duplicates: number;
  missing: number;
  ledgerOk: boolean;
  tradesOk: boolean;
  violations: string[];
  outage: string[];
}

const overlaps = (r: CallRecord, w: Window, graceMs: number) =>
  r.startedMs <= w.endMs + graceMs && r.endedMs >= w.startMs;

function statusLine(records: readonly CallRecord[]): string {
  const counts = new Map<string, number>();
  for (const r of records) {
    const key = r.answer ? String(r.answer.status) : `lost(${r.error})`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}×${n}`)
    .join(' ');
}

/** What the server answered while it or the database was down, and when it was fine again. */
function describeOutages(
  records: readonly CallRecord[],
  windows: readonly Window[],
  noun: string,
): string[] {
  return windows.map((w, i) => {
    const during = records.filter((r) => overlaps(r, w, 0));
    const afterBack = records.filter(
      (r) => r.startedMs > w.endMs && r.answer && r.answer.status < 500,
    );
    const recoveredMs = afterBack.length
      ? Math.min(...afterBack.map((r) => r.endedMs)) - w.endMs
      : NaN;
    const codes = new Set(
      during
        .filter((r) => r.answer && r.answer.status >= 500)
        .map((r) => parseJson<{ code?: string }>(r)?.code ?? '?'),
    );
    // 5xx answers to requests sent after it was back: how many, of what, until when.
    const nextStartMs = windows[i + 1]?.startMs ?? Infinity;
    const late = records.filter(
      (r) =>
        r.startedMs > w.endMs &&
        r.startedMs < nextStartMs &&
        !windows.some((other) => overlaps(r, other, 0)) &&
        r.answer &&
        r.answer.status >= 500,
    );
    const lateCodes = new Set(late.map((r) => parseJson<{ code?: string }>(r)?.code ?? '?'));
    const lastLateMs = late.length ? Math.max(...late.map((r) => r.startedMs)) - w.endMs : 0;
    const afterwards = late.length
      ? `${late.length} 5xx to requests sent after it was back (${[...lateCodes].join(', ')}), the last sent ${lastLateMs} ms after`
      : 'no 5xx to requests sent after it was back';
    return `${noun} ${i + 1}: down ${w.endMs - w.startMs} ms; ${during.length} requests overlapped it: ${statusLine(during) || 'none'}${codes.size ? ` (codes: ${[...codes].join(', ')})` : ''}; first good answer ${Number.isNaN(recoveredMs) ? 'never' : `${recoveredMs} ms`} after it was back; ${afterwards}`;
  });
}

async function waitForSettlement(url: string): Promise<number> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const overdue = await overdueTrades(url);
    if (overdue === 0 || Date.now() > deadline) return overdue;
    await sleep(1000);
  }
}

/** Runs the checks of a phase with the server up, then stops it for the offline checks. */
async function checkPhase(
  name: string,
  client: Client,
  server: ServerProcess,
  url: string,
  disruptions: Window[],
  downMs: number[],
  graceMs: number,
): Promise<PhaseReport> {
  const records = client.records.filter((r) => r.phase === name);
  const violations: string[] = [];
  const phaseStartMs = Math.min(...records.map((r) => r.startedMs));
  for (const r of records) {
    if (!r.answer || r.answer.status < 500) continue;
    if (!disruptions.some((w) => overlaps(r, w, graceMs))) {
      const since = disruptions
        .filter((w) => w.endMs <= r.startedMs)
        .map((w) => r.startedMs - w.endMs);
      violations.push(
        `${r.method} ${r.path} answered ${r.answer.status} at +${((r.startedMs - phaseStartMs) / 1000).toFixed(1)} s${since.length ? `, ${Math.min(...since)} ms after the last disruption ended` : ''}: ${r.answer.body}`,
      );
    }
  }
  // A server that died by itself is a violation (reported below); start it again so the
  // replays can still be checked.
  if (!server.running) await server.start();
  const overdue = await waitForSettlement(url);
  if (overdue > 0)
    violations.push(`${overdue} trades were due but not settled ${SETTLE_WAIT_MS / 1000} s later`);
  const replay = await replayAndCount(client, url, name, ANSWERED_REPLAY_SAMPLE);
  violations.push(...replay.violations);
  await server.stop();
  const found = await integrity(url, client.records);
  violations.push(...found.violations);
  const ledger = await npmCheck('ledger:check', url);
  const trades = await npmCheck('trades:verify', url);
  print(ledger.output);
  print(trades.output);
  if (!ledger.ok) violations.push('npm run ledger:check failed');
  if (!trades.ok) violations.push('npm run trades:verify failed');
  violations.push(...server.unexpectedExits.splice(0));
  return {
    name,
    records,
    disruptions,
    downMs,
    replay,
    overdueTrades: overdue,
    duplicates: replay.duplicates + found.duplicates,
    missing: found.missing,
    ledgerOk: ledger.ok,
    tradesOk: trades.ok,
    violations,
    outage: describeOutages(records, disruptions, graceMs > 0 ? 'database outage' : 'server down'),
  };
}

/** Phase 1: load while the server is killed with SIGKILL and started again. */
async function killPhase(
  client: Client,
  world: LoadWorld,
  server: ServerProcess,
  url: string,
): Promise<PhaseReport> {
  const name = 'kill';
  client.phase = name;
  const random = seededRandom(SEED + 1);
  const startMs = Date.now();
  const untilMs = startMs + SECONDS * 1000;
  const windows: Window[] = [];
  const downMs: number[] = [];
  print(`phase 1: ${SECONDS} s of load, kill -9 of the server ${KILLS} times at random moments`);
  const chaos = (async () => {
    const slotMs = (SECONDS * 1000) / KILLS;
    for (let i = 0; i < KILLS; i += 1) {
      // A random moment in each slot, leaving the slot's end for the restart.
      const at = startMs + slotMs * i + slotMs * (0.1 + 0.5 * random());
      await sleep(Math.max(0, at - Date.now()));
      if (Date.now() > untilMs - 2000) break;
      const window: Window = { startMs: Date.now(), endMs: 0 };
      await server.kill9();
      await sleep(200 + 1300 * random());
      await server.start();
      window.endMs = Date.now();
      windows.push(window);
      downMs.push(window.endMs - window.startMs);
      print(
        `  kill ${i + 1}: down for ${window.endMs - window.startMs} ms (restart to healthy included)`,
      );
    }
  })();
  await Promise.all([runLoad(client, world, untilMs, SEED), chaos]);
  // A 5xx is never expected from a server that is up; the windows only excuse lost answers.
  return checkPhase(name, client, server, url, windows, downMs, 0);
}

/** Phase 2: load while PostgreSQL is restarted with -m immediate under the running server. */
async function databasePhase(
  client: Client,
  world: LoadWorld,
  server: ServerProcess,
  cluster: PrivateCluster,
): Promise<PhaseReport> {
  const name = 'pg-restart';
  client.phase = name;
  if (!server.running) await server.start();
  const random = seededRandom(SEED + 2);
  const startMs = Date.now();
  const untilMs = startMs + SECONDS * 1000;
  const windows: Window[] = [];
  const downMs: number[] = [];
  print(
    `phase 2: ${SECONDS} s of load, PostgreSQL restarted (-m immediate) ${PG_RESTARTS} times under the running server`,
  );
  const chaos = (async () => {
    const slotMs = (SECONDS * 1000) / PG_RESTARTS;
    for (let i = 0; i < PG_RESTARTS; i += 1) {
      const at = startMs + slotMs * i + slotMs * (0.2 + 0.4 * random());
      await sleep(Math.max(0, at - Date.now()));
      if (Date.now() > untilMs - 2000) break;
      const window: Window = { startMs: Date.now(), endMs: 0 };
      const { downMs: restartMs } = await cluster.restartImmediate();
      window.endMs = Date.now();
      windows.push(window);
      downMs.push(restartMs);
      print(`  PostgreSQL restart ${i + 1}: down for ${restartMs} ms`);
    }
  })();
  await Promise.all([runLoad(client, world, untilMs, SEED + 7), chaos]);
  return checkPhase(name, client, server, cluster.url, windows, downMs, GRACE_MS);
}

function printPhase(report: PhaseReport): void {
  const money = report.records.filter((r) => r.kind === 'money');
  const lost = report.records.filter((r) => r.answer === null).length;
  const fiveXx = report.records.filter((r) => r.answer && r.answer.status >= 500).length;
  print(`\n== phase ${report.name} ==`);
  print(`  requests          ${report.records.length} (${money.length} keyed money requests)`);
  print(`  answers           ${statusLine(report.records)}`);
  print(
    `  disruptions       ${report.disruptions.length} (down ${report.downMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')})`,
  );
  print(`  lost answers      ${lost}; 5xx answers ${fiveXx}`);
  for (const line of report.outage) print(`  ${line}`);
  const r = report.replay;
  print(
    `  replays           ${r.lost} unknown money requests replayed twice: ${r.replayedStored} had completed (replayed), ${r.completedNow} completed now, ${r.refusedNow} refused now`,
  );
  print(
    `  answered replays  ${r.answeredReplays} (byte for byte), decisions replayed ${r.decisionsReplayed}`,
  );
  print(`  overdue trades    ${report.overdueTrades}`);
  print(`  duplicates found  ${report.duplicates}; acknowledged but missing ${report.missing}`);
  print(
    `  ledger:check      ${report.ledgerOk ? 'OK' : 'FAILED'}; trades:verify ${report.tradesOk ? 'OK' : 'FAILED'}`,
  );
  print(`  violations        ${report.violations.length}`);
  for (const v of report.violations.slice(0, 20)) print(`    - ${v}`);
}

async function main(): Promise<number> {
  await assertPortFree(PORT);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-crash-'));
  print(
    `crash suite: seed ${SEED}, ${USERS} users, ${SECONDS} s a phase, server on :${PORT}, private PostgreSQL on :${PG_PORT}`,
  );
  const cluster = await startPrivateCluster(PG_PORT);
  const server = new ServerProcess({
    port: PORT,
    logFile: path.join(workDir, 'server.log'),
    env: {
      DATABASE_URL: cluster.url,
      DATA_DIR: path.join(workDir, 'data'),
      HOST: '127.0.0.1',
      MARKET_SOURCE: 'simulated',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(workDir, 'no-web'),
      // The workers are the proxy: they connect from this machine and name their client
      // in X-Forwarded-For, which the server believes from loopback only.
      TRUST_PROXY: '127.0.0.1',
      ADMIN_EMAIL: CRASH_ADMIN.email,
      ADMIN_PASSWORD: CRASH_ADMIN.password,
    },
  });
  let cleaned = false;
  let keepLogs = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    if (keepLogs) {
      // The work folder and the cluster go; their logs stay for whoever reads the failure.
      const kept = fs.mkdtempSync(path.join(os.tmpdir(), `tw-crash-logs-${SEED}-`));
      for (const file of [server.logFile, cluster.logFile]) {
        if (fs.existsSync(file)) fs.copyFileSync(file, path.join(kept, path.basename(file)));
      }
      print(`logs kept in ${kept}`);
    }
    await server.stop().catch(() => undefined);
    await cluster.destroy().catch(() => undefined);
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const interrupted = (signal: string) => {
    print(`\n${signal}: stopping the server and removing the private cluster...`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', () => interrupted('SIGINT'));
  process.once('SIGTERM', () => interrupted('SIGTERM'));
  try {
    await server.start();
    const client = new Client(server.baseUrl);
    const world = await seedWorld(client, USERS, cluster.url);
    server.requireFreshMarket = true;
    print(
      `seeded ${USERS} users with 20,000 USDT each, two admins, 3 coins (server started in ${server.startMs[0]} ms)`,
    );
    const reports = [
      await killPhase(client, world, server, cluster.url),
      await databasePhase(client, world, server, cluster),
    ];
    for (const report of reports) printPhase(report);
    const { stored, limited, failed } = client.uploads;
    print(
      `\nuploads: ${stored} stored, ${limited} refused by the 20-a-minute limit, ${failed} failed`,
    );
    const violations = reports.reduce((n, r) => n + r.violations.length, 0);
    print(
      `\nresult: ${violations === 0 ? 'PASS' : 'FAIL'} — kills ${server.kills}, PostgreSQL restarts ${reports[1]?.disruptions.length ?? 0}, duplicates ${reports.reduce((n, r) => n + r.duplicates, 0)}, violations ${violations}`,
    );
    if (violations > 0) {
      keepLogs = true;
      print('\nserver log (last lines):');
      print(server.logTail(20));
    }
    return violations === 0 ? 0 : 1;
  } catch (error) {
    keepLogs = true;
    print(
      `\nthe crash suite failed to run: ${error instanceof Error ? error.stack : String(error)}`,
    );
    print('\nserver log (last lines):');
    print(server.logTail(20));
    print('\nPostgreSQL log (last lines):');
    print(cluster.logTail(20));
    return 1;
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
