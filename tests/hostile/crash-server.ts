/**
 * The real server for the crash suite: `node --import tsx server/main.ts` as a direct child
 * (not through npx or the tsx launcher, whose own child would outlive a kill -9 of the
 * parent), its output appended to a log file, killed with SIGKILL and started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** A start must answer healthy, with fresh market data, within this time. */
const START_TIMEOUT_MS = 90_000;
const POLL_MS = 200;

export interface ServerOptions {
  port: number;
  env: Record<string, string>;
  logFile: string;
}

export class ServerProcess {
  private child: ChildProcess | null = null;
  private expectingExit = false;
  /** Exits nobody asked for (the server crashed by itself): each one is a violation. */
  readonly unexpectedExits: string[] = [];
  starts = 0;
  kills = 0;
  /** How long each start took until healthy, in ms. */
  readonly startMs: number[] = [];
  /**
   * Once coins are listed, a start also waits for the recorder's first tick, as trades need
   * a fresh one; before that there is nothing to record.
   */
  requireFreshMarket = false;

  constructor(private readonly options: ServerOptions) {}

  get logFile(): string {
    return this.options.logFile;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the server and waits until it is healthy and its market feed is fresh. */
  async start(): Promise<void> {
    if (this.child) throw new Error('the server is already running');
    const startedAt = performance.now();
    const log = fs.openSync(this.options.logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, ...this.options.env, PORT: String(this.options.port) },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    this.expectingExit = false;
    this.starts += 1;
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (!this.expectingExit) {
        this.unexpectedExits.push(`server exited by itself (code ${code}, signal ${signal})`);
      }
    });
    await this.waitHealthy();
    this.startMs.push(Math.round(performance.now() - startedAt));
  }

  /** kill -9: no shutdown hooks, no graceful close; in-flight requests lose their answers. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child) throw new Error('the server is not running');
    this.expectingExit = true;
    this.kills += 1;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** A graceful stop (SIGTERM), so the checks afterwards see a quiet database. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expectingExit = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  private async waitHealthy(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (!this.child)
        throw new Error(`the server exited while starting; see ${this.options.logFile}`);
      try {
        const res = await fetch(`${this.baseUrl}/api/health`, {
          signal: AbortSignal.timeout(2_000),
        });
        const body = (await res.json()) as {
          market?: { stale?: boolean; provider?: string | null };
        };
        // `stale` alone may still see the tick the killed instance recorded a moment ago;
        // a provider is named only once this instance has recorded a tick itself.
        const market = body.market;
        const fresh = market?.stale === false && typeof market.provider === 'string';
        if (res.ok && (!this.requireFreshMarket || fresh)) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        throw new Error(`the server was not healthy within ${START_TIMEOUT_MS / 1000} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** The last lines of the server's log, each cut short: pino lines carry whole stacks. */
  logTail(lines = 30, width = 400): string {
    try {
      return fs
        .readFileSync(this.options.logFile, 'utf8')
        .trimEnd()
        .split('\n')
        .slice(-lines)
        .map((line) => (line.length > width ? `${line.slice(0, width)}…` : line))
        .join('\n');
    } catch {
      return '(no log)';
    }
  }
}
