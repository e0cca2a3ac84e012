/** Shared pieces of the benchmarks: the machine, a fresh PostgreSQL database, the server. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const PG_SERVER_URL =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function machineReport(): Promise<string> {
  const cpus = os.cpus();
  const client = new pg.Client({ connectionString: PG_SERVER_URL });
  await client.connect();
  const version =
    (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]
      ?.v ?? '?';
  await client.end();
  return [
    `machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `node ${process.version}, PostgreSQL ${version}, ${os.type()} ${os.release()}`,
  ].join('\n');
}

export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database and answers its name and URL. */
export async function freshDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`drop database if exists ${name} with (force)`);
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
  /** CPU time the server process has used so far, in ms. */
  cpuMs(): number;
  /** Resident memory of the server process in MiB, read from /proc. */
  rssMiB(): number;
}

const CLOCK_TICKS_PER_S = 100;

/** CPU time (user + system) a process has used so far, in ms; NaN when it is gone. */
export function processCpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return NaN;
  }
}

/** Busy CPU time of the whole machine so far (all cores, everything but idle and iowait), ms. */
export function machineBusyMs(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return ((user + nice + system + irq + softirq + steal) * 1000) / CLOCK_TICKS_PER_S;
}

/** CPU time used so far by each PostgreSQL backend connected to `database`, in ms by pid. */
export async function backendCpuMs(database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [database],
    );
    return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid) || 0]));
  } finally {
    await client.end();
  }
}

/** CPU the backends used between two snapshots (backends that appeared in between count whole). */
export function backendCpuDeltaMs(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** Starts `server/main.ts` on `port` against `databaseUrl` and waits for its health check. */
export async function startServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO: 'false',
      // Offline prices: without demo data the simulated market must be asked for by name.
      MARKET_SOURCE: 'simulated',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    process: child,
    cpuMs: () => processCpuMs(child.pid),
    rssMiB: () => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        return kb / 1024;
      } catch {
        return NaN;
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function postJson<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface LoadAverageSummary {
  /** 1-minute load averages sampled while the work ran. */
  min: number;
  mean: number;
  max: number;
  samples: number;
}

/**
 * Samples the machine's 1-minute load average every `intervalMs` (and once at once) until
 * stopped, so a figure can be printed with how busy the machine was while it was measured.
 */
export function sampleLoadAverage(intervalMs = 5000): { stop(): LoadAverageSummary } {
  // Running figures, not a list of samples, so a long run keeps constant memory.
  const summary: LoadAverageSummary = { min: Infinity, mean: 0, max: -Infinity, samples: 0 };
  const sample = () => {
    const load = os.loadavg()[0] ?? 0;
    summary.samples += 1;
    summary.mean += (load - summary.mean) / summary.samples;
    summary.min = Math.min(summary.min, load);
    summary.max = Math.max(summary.max, load);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { ...summary };
    },
  };
}

export function formatLoadAverage(load: LoadAverageSummary): string {
  return `load average ${load.mean.toFixed(1)} (${load.min.toFixed(1)}–${load.max.toFixed(1)}) on ${os.cpus().length} cores`;
}

/** Samples `read()` every `intervalMs` until stopped and answers the largest value seen. */
export function samplePeak(read: () => number, intervalMs = 200): { stop(): number } {
  let peak = read();
  const timer = setInterval(() => {
    const value = read();
    if (value > peak) peak = value;
  }, intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}

/** The database name in a PostgreSQL URL. */
export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (name === '') throw new Error(`no database name in ${url}`);
  return name;
}

// The web app -----------------------------------------------------------------------------

/** What a build of dist/ is made from (the Vite plugins live in scripts/). */
const BUILD_INPUTS = [
  'src',
  'common',
  'locales',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
];

function newestMtimeMs(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestMtimeMs(path.join(entry, child)));
  }
  return newest;
}

/**
 * The web app a bench serves: `webDir` when given (a build to compare), else dist/, built
 * first when it is missing or older than its sources and served from a copy, so a rebuild
 * of dist/ during the run (its asset names change) cannot break the page. The caller
 * removes the copy (any answer other than `webDir`) when done.
 */
export function preparedWebDir(webDir: string | undefined): string {
  if (webDir) return webDir;
  const built = 'dist/index.html';
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...BUILD_INPUTS.map(newestMtimeMs));
  if (builtAt < sourcesAt) {
    console.log('building the web app (npx vite build) ...');
    execFileSync('npx', ['vite', 'build'], { stdio: 'pipe' });
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-bench-web-'));
  fs.cpSync('dist', copy, { recursive: true });
  const html = fs.readFileSync(path.join(copy, 'index.html'), 'utf8');
  for (const [, asset] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    if (!fs.existsSync(path.join(copy, asset as string))) {
      throw new Error(`dist/ is incomplete (${asset} is missing): is a build running?`);
    }
  }
  return copy;
}

/** Debian's Chromium (or CHROMIUM_PATH), as the benchmarks and the tests run it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, reproducible browser that never calls home (no component updates). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
