/**
 * The main thread's work while a page first loads: a route opened in Chromium at 390×844
 * (mobile emulation) with the CPU throttled ×4, as Lighthouse's mobile audit does, against
 * the real server (simulated market, demo data) on a fresh PostgreSQL database, the demo
 * user signed in with one trade open. Prints, per build, the medians over the runs of the
 * main thread's busy time in the first 10 s (script, layout and style, the rest) and
 * a blocking time (each long task's time over 50 ms, summed: Lighthouse's TBT without its
 * FCP-to-TTI window). Lighthouse's scores swing by ten points on a shared machine; these
 * sums move by a few percent, so they say which change costs what.
 *
 * Builds are compared in alternation in one run, each served by its own server on the same
 * database: BENCH_WEB_DIRS=before:/tmp/web-a,after:/tmp/web-b (default: `dist/`).
 *
 *   npm run bench:first-load -- [--route=/trade] [--runs=7] [--no-open-trade]
 *
 * Also BENCH_PG_URL, CHROMIUM_PATH.
 */
import { chromium, type Browser, type CDPSession } from '@playwright/test';
import { DEMO_USERS } from '../server/seed/demo-data';
import {
  dropDatabase,
  freshDatabase,
  machineReport,
  postJson,
  preparedWebDir,
  startServer,
  type RunningServer,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
} from './lib';

const FIRST_PORT = 3350;
const THROTTLE_RATE = 4;
const LONG_TASK_MS = 50;
/** Measured from the navigation's start for this long: the load and its first ticks. */
const WINDOW_MS = 10_000;
const MAX_RUNS = 50;

interface Build {
  label: string;
  webDir: string;
  server?: RunningServer;
}

interface LoadFigures {
  /** The page's main thread's own CPU time (trace thread time): little moved by other load. */
  cpuMs: number;
  busyMs: number;
  scriptMs: number;
  layoutStyleMs: number;
  blockingMs: number;
  longestTaskMs: number;
}

function readBuilds(): Build[] {
  const spec = process.env.BENCH_WEB_DIRS;
  if (!spec) return [{ label: 'dist', webDir: preparedWebDir(undefined) }];
  return spec.split(',').map((part) => {
    const at = part.indexOf(':');
    if (at <= 0) throw new Error(`BENCH_WEB_DIRS: "${part}" is not label:directory`);
    return { label: part.slice(0, at), webDir: preparedWebDir(part.slice(at + 1)) };
  });
}

function readOptions(): { route: string; runs: number; openTrade: boolean } {
  const args = process.argv.slice(2);
  const value = (name: string) =>
    args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(value('runs') ?? 7);
  if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS) {
    throw new Error(`--runs must be 1 to ${MAX_RUNS}`);
  }
  return { route: value('route') ?? '/trade', runs, openTrade: !args.includes('--no-open-trade') };
}

/** Signs the demo user in (and opens a five-minute trade): the session token. */
async function signIn(baseUrl: string, openTrade: boolean): Promise<string> {
  const alice = DEMO_USERS[0];
  const { token } = await postJson<{ token: string }>(`${baseUrl}/api/login`, {
    email: alice.email,
    password: alice.password,
  });
  if (!openTrade) return token;
  for (let attempt = 0; ; attempt += 1) {
    const res = await fetch(`${baseUrl}/api/createTrade`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': `first-load-${Date.now()}`,
      },
      body: JSON.stringify({
        coinType: 'BTCUSDT',
        tradeType: 'buy',
        tradeAmount: '25',
        selectedTime: 'trade5Min',
      }),
    });
    if (res.ok) return token;
    // The first ticks are recorded a moment after the server starts.
    if (res.status !== 503 || attempt >= 40) throw new Error(`createTrade: ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** In the page before its scripts: the session, and a record of long tasks. */
function initScript(token: string): string {
  return `(() => {
  try { localStorage.setItem('uToken', ${JSON.stringify(token)}); } catch {}
  const bench = (window.__bench = { longTasks: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
})();`;
}

const TRACE_CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}
type Trace = { traceEvents: TraceEvent[] } | TraceEvent[];

/**
 * The thread time of every top-level task on the busiest renderer main thread (the page's;
 * a service worker's process has its own): the main thread's CPU, whatever else the machine
 * runs. Throttling suspends the thread, which thread time does not count: this is the work.
 */
function mainThreadCpuMs(trace: Trace): number {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const perThread = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mainThreads.has(key)) continue;
    perThread.set(key, (perThread.get(key) ?? 0) + (e.tdur ?? 0) / 1000);
  }
  return Math.max(0, ...perThread.values());
}

interface TaskMetrics {
  TaskDuration: number;
  ScriptDuration: number;
  LayoutDuration: number;
  RecalcStyleDuration: number;
}

/** DevTools' cumulative main-thread durations, in milliseconds. */
async function taskMetrics(cdp: CDPSession): Promise<TaskMetrics> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const ms = (name: keyof TaskMetrics) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    TaskDuration: ms('TaskDuration'),
    ScriptDuration: ms('ScriptDuration'),
    LayoutDuration: ms('LayoutDuration'),
    RecalcStyleDuration: ms('RecalcStyleDuration'),
  };
}

/** One first visit in a fresh context: the figures of its first WINDOW_MS. */
async function measure(
  browser: Browser,
  baseUrl: string,
  route: string,
  token: string,
): Promise<LoadFigures> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript({ content: initScript(token) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE_RATE });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const started = Date.now();
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + WINDOW_MS - Date.now())),
    );
    const last = await taskMetrics(cdp);
    const trace = await browser.stopTracing();
    const longTasks = await page.evaluate<number[]>('window.__bench.longTasks');
    return {
      cpuMs: mainThreadCpuMs(JSON.parse(trace.toString('utf8')) as Trace),
      busyMs: last.TaskDuration,
      scriptMs: last.ScriptDuration,
      layoutStyleMs: last.LayoutDuration + last.RecalcStyleDuration,
      blockingMs: longTasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0),
      longestTaskMs: Math.max(0, ...longTasks),
    };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

function perRun(runs: LoadFigures[], key: keyof LoadFigures): string {
  return runs.map((run) => Math.round(run[key])).join(', ');
}

function printFigures(label: string, runs: LoadFigures[]): void {
  const m = (key: keyof LoadFigures) => Math.round(median(runs.map((run) => run[key])));
  console.log(
    `| ${label} | ${m('cpuMs')} | ${m('busyMs')} | ${m('scriptMs')} | ${m('layoutStyleMs')} | ${m('blockingMs')} | ${m('longestTaskMs')} | ${perRun(runs, 'cpuMs')} | ${perRun(runs, 'blockingMs')} |`,
  );
}

async function main(): Promise<void> {
  const options = readOptions();
  const builds = readBuilds();
  console.log(
    `bench: first load of ${options.route} at 390×844, CPU ×${THROTTLE_RATE}, ${options.openTrade ? 'one trade open' : 'no open trade'}, ${options.runs} runs per build in alternation`,
  );
  console.log(await machineReport());
  const database = await freshDatabase('tw_bench_first_load');
  let browser: Browser | null = null;
  try {
    for (const [index, build] of builds.entries()) {
      build.server = await startServer(database.url, FIRST_PORT + index, {
        DEMO: 'true',
        WEB_DIR: build.webDir,
      });
    }
    const first = builds[0]?.server;
    if (!first) throw new Error('no build to measure');
    const token = await signIn(first.baseUrl, options.openTrade);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    });
    const figures = new Map<Build, LoadFigures[]>(builds.map((build) => [build, []]));
    // One warm-up visit each (the server's first answers, the browser's first start).
    for (const build of builds) await measure(browser, build.server!.baseUrl, options.route, token);
    for (let run = 0; run < options.runs; run += 1) {
      for (const build of builds) {
        const result = await measure(browser, build.server!.baseUrl, options.route, token);
        figures.get(build)!.push(result);
      }
    }
    console.log(
      "\nMedians (ms) of the first 10 s: main-thread CPU = its tasks' thread time (unthrottled work, little moved by other load); busy = the same tasks' wall time at CPU ×4; blocking = time over 50 ms per long task, summed\n",
    );
    console.log(
      '| build | main-thread CPU | busy | script | layout+style | blocking | longest task | CPU per run | blocking per run |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
    for (const build of builds) printFigures(build.label, figures.get(build)!);
  } finally {
    await browser?.close();
    for (const build of builds) await build.server?.stop();
    await dropDatabase(database.name);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
