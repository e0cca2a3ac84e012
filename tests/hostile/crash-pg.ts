/**
 * A private PostgreSQL cluster for the crash suite: initdb into a temporary folder, its own
 * port and socket folder, trust authentication, started and stopped with pg_ctl. The
 * machine's shared PostgreSQL is never touched (other people's tests use it). As root, the
 * cluster runs as the `postgres` user, since initdb and postgres refuse to run as root.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const PG_BIN = process.env.CRASH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const CLUSTER_USER = 'postgres';
/** pg_ctl waits at most this long for a start or stop. */
const PG_CTL_TIMEOUT_S = 60;

export interface PrivateCluster {
  /** A connection URL for the `postgres` database of the cluster. */
  url: string;
  port: number;
  /** Stops the cluster at once (as a crash would) and starts it again; answers how long it was down. */
  restartImmediate(): Promise<{ downMs: number }>;
  /** Stops the cluster and deletes its folder; safe to call twice. */
  destroy(): Promise<void>;
  /** The last lines of the cluster's log, for failure reports. */
  logTail(lines?: number): string;
  /** The path of the cluster's log (gone after destroy). */
  logFile: string;
}

/** Fails unless nothing listens on `port` on this machine. */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use; choose another`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Runs a PostgreSQL program, as the cluster user when we are root. */
async function pgProgram(program: string, args: string[]): Promise<string> {
  const binary = path.join(PG_BIN, program);
  const [command, argv] = isRoot()
    ? ['runuser', ['-u', CLUSTER_USER, '--', binary, ...args]]
    : [binary, args];
  try {
    const { stdout } = await run(command, argv, { timeout: (PG_CTL_TIMEOUT_S + 10) * 1000 });
    return stdout;
  } catch (error) {
    const failure = error as { stderr?: string; message: string };
    throw new Error(`${program} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

async function ownerIds(): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run('id', ['-u', CLUSTER_USER])).stdout.trim());
  const gid = Number((await run('id', ['-g', CLUSTER_USER])).stdout.trim());
  return { uid, gid };
}

export async function startPrivateCluster(port: number): Promise<PrivateCluster> {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) {
    throw new Error(`no initdb in ${PG_BIN}; set CRASH_PG_BIN to PostgreSQL's bin folder`);
  }
  await assertPortFree(port);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-crash-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'sock');
  const logFile = path.join(root, 'postgres.log');
  fs.mkdirSync(socketDir);
  if (isRoot()) {
    const { uid, gid } = await ownerIds();
    for (const p of [root, socketDir]) fs.chownSync(p, uid, gid);
  }
  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      await pgProgram('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(
        () => undefined,
      );
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    // --no-sync only speeds up initdb itself; the running cluster keeps fsync on, so an
    // immediate stop is a real crash that WAL recovery must repair.
    await pgProgram('initdb', [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const options = [
      `-p ${port}`,
      `-k ${socketDir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c max_connections=60',
      '-c fsync=on',
    ].join(' ');
    await pgProgram('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-o',
      options,
      '-w',
      '-t',
      String(PG_CTL_TIMEOUT_S),
      'start',
    ]);
  } catch (error) {
    await destroy();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restartImmediate: async () => {
      const startedAt = performance.now();
      // restart reuses the options the cluster was started with (postmaster.opts).
      await pgProgram('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-m',
        'immediate',
        '-w',
        '-t',
        String(PG_CTL_TIMEOUT_S),
        'restart',
      ]);
      return { downMs: Math.round(performance.now() - startedAt) };
    },
    destroy,
    logFile,
    logTail: (lines = 20) => {
      try {
        return fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '(no log)';
      }
    },
  };
}
