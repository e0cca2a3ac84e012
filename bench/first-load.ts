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
 *   npm run bench:first-load -- [--route=/trade] [--runs=7] [--no-open-trade] [--profile]
 *
 * With --profile, each run also records a CPU profile, and the bench prints the main
 * thread's self time per source file and per function for each build (and, for two builds,
 * what changed), mapped through source maps when the build has them: build with
 * `npx vite build --sourcemap --outDir DIR`. The profiler slows the page: compare the
 * figures of a profiled run only with each other.
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
import {
  addTimes,
  selfTimes,
  startProfile,
  stopProfile,
  topRows,
  type CpuProfile,
  type SelfTimes,
} from './cpu-profile';

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
  /** With --profile: self time per source file and per function, summed over the runs. */
  byFile: SelfTimes;
  byFunction: SelfTimes;
}

interface LoadFigures {
  /** The page's main thread's own CPU time (trace thread time): little moved by other load. */
  cpuMs: number;
  busyMs: number;
  scriptMs: number;
  layoutStyleMs: number;
  blockingMs: number;
  longestTaskMs: number;
  /** API calls the page made in the window. */
  apiCalls: number;
}

function readBuilds(): Build[] {
  const spec = process.env.BENCH_WEB_DIRS;
  const build = (label: string, webDir: string | undefined): Build => ({
    label,
    webDir: preparedWebDir(webDir),
    byFile: new Map(),
    byFunction: new Map(),
  });
  if (!spec) return [build('dist', undefined)];
  return spec.split(',').map((part) => {
    const at = part.indexOf(':');
    if (at <= 0) throw new Error(`BENCH_WEB_DIRS: "${part}" is not label:directory`);
    return build(part.slice(0, at), part.slice(at + 1));
  });
}

interface Options {
  route: string;
  runs: number;
  openTrade: boolean;
  profile: boolean;
}

function readOptions(): Options {
  const args = process.argv.slice(2);
  const value = (name: string) =>
    args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(value('runs') ?? 7);
  if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS) {
    throw new Error(`--runs must be 1 to ${MAX_RUNS}`);
  }
  return {
    route: value('route') ?? '/trade',
    runs,
    openTrade: !args.includes('--no-open-trade'),
    profile: args.includes('--profile'),
  };
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
  profile: boolean,
): Promise<LoadFigures & { profile?: CpuProfile }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript({ content: initScript(token) });
    const page = await context.newPage();
    let apiCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls += 1;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE_RATE });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    if (profile) await startProfile(cdp);
    const started = Date.now();
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + WINDOW_MS - Date.now())),
    );
    const last = await taskMetrics(cdp);
    const cpuProfile = profile ? await stopProfile(cdp) : undefined;
    const trace = await browser.stopTracing();
    const longTasks = await page.evaluate<number[]>('window.__bench.longTasks');
    return {
      cpuMs: mainThreadCpuMs(JSON.parse(trace.toString('utf8')) as Trace),
      busyMs: last.TaskDuration,
      scriptMs: last.ScriptDuration,
      layoutStyleMs: last.LayoutDuration + last.RecalcStyleDuration,
      blockingMs: longTasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0),
      longestTaskMs: Math.max(0, ...longTasks),
      apiCalls,
      profile: cpuProfile,
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
    `| ${label} | ${m('cpuMs')} | ${m('busyMs')} | ${m('scriptMs')} | ${m('layoutStyleMs')} | ${m('blockingMs')} | ${m('longestTaskMs')} | ${m('apiCalls')} | ${perRun(runs, 'cpuMs')} | ${perRun(runs, 'blockingMs')} |`,
  );
}

function addProfile(build: Build, profile: CpuProfile): void {
  const times = selfTimes(profile, build.webDir);
  addTimes(build.byFile, times.byFile);
  addTimes(build.byFunction, times.byFunction);
}

const PROFILE_ROWS = 30;

/** Per build, the top files and functions by self time; for two, the files that changed most. */
function printProfiles(builds: Build[], runs: number): void {
  for (const build of builds) {
    console.log(`\n${build.label}: self time per source file (ms per run, profiled)\n`);
    console.log('| file | ms |\n| --- | ---: |');
    console.log(topRows(build.byFile, runs, PROFILE_ROWS).join('\n'));
    console.log(`\n${build.label}: self time per function (ms per run, profiled)\n`);
    console.log('| function | ms |\n| --- | ---: |');
    console.log(topRows(build.byFunction, runs, PROFILE_ROWS).join('\n'));
  }
  const [before, after] = builds;
  if (!before || !after || builds.length !== 2) return;
  const change: SelfTimes = new Map(after.byFile);
  for (const [file, ms] of before.byFile) change.set(file, (change.get(file) ?? 0) - ms);
  const rows = [...change.entries()].sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
  console.log(`\n${after.label} − ${before.label}: self time per source file (ms per run)\n`);
  console.log('| file | change |\n| --- | ---: |');
  for (const [file, ms] of rows.slice(0, PROFILE_ROWS)) {
    console.log(`| ${file} | ${(ms / runs).toFixed(1)} |`);
  }
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
    for (const build of builds) {
      await measure(browser, build.server!.baseUrl, options.route, token, false);
    }
    for (let run = 0; run < options.runs; run += 1) {
      for (const build of builds) {
        const { profile, ...result } = await measure(
          browser,
          build.server!.baseUrl,
          options.route,
          token,
          options.profile,
        );
        figures.get(build)!.push(result);
        if (profile) addProfile(build, profile);
      }
    }
    console.log(
      "\nMedians (ms) of the first 10 s: main-thread CPU = its tasks' thread time (unthrottled work, little moved by other load); busy = the same tasks' wall time at CPU ×4; blocking = time over 50 ms per long task, summed\n",
    );
    console.log(
      '| build | main-thread CPU | busy | script | layout+style | blocking | longest task | API calls | CPU per run | blocking per run |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
    for (const build of builds) printFigures(build.label, figures.get(build)!);
    if (options.profile) printProfiles(builds, options.runs);
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
