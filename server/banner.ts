/**
 * The few lines a person sees when the server has started: where to open it, which database
 * and market it runs on, where its logs go, and the demo accounts when demo data is on.
 *
 * It is plain text for a person, so main.ts writes it to stderr: stdout carries only the
 * JSON log lines, which log collectors parse one by one.
 */
import type { AddressInfo } from 'node:net';
import { databaseTarget, type Config } from './config';
import { DEMO_ADMIN, DEMO_USERS } from './seed/demo-data';

export type BannerConfig = Pick<
  Config,
  'databaseUrl' | 'dataDir' | 'marketSource' | 'demo' | 'adminEmail' | 'logLevel'
>;

/** The label column's width: the longest label ("Database") plus two spaces. */
const LABEL_WIDTH = 10;

/** The banner for a server listening at `address` (as `server.address()` reports it). */
export function startBanner(config: BannerConfig, address: AddressInfo): string {
  const lines = [
    'TradeWallet is running.',
    '',
    row('Open', openUrl(address)),
    row('Database', describeDatabase(config)),
    row('Market', describeMarket(config.marketSource)),
    row('Logs', describeLogs(config.logLevel)),
    ...demoAccountLines(config),
    '',
    'Stop it with Ctrl-C.',
  ];
  return `\n${lines.join('\n')}\n\n`;
}

function row(label: string, value: string): string {
  return `  ${label.padEnd(LABEL_WIDTH)}${value}`;
}

/**
 * The address to type into a browser. A wildcard address (the default `0.0.0.0`, or `::`)
 * listens on every interface, and `localhost` is the one that always reaches it from this
 * machine.
 */
export function openUrl(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard
    ? 'localhost'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** The database in use; a PostgreSQL URL is shown without its user name and password. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  const target = databaseTarget(config);
  if (target.kind === 'pglite') return `embedded (PGlite), data in ${target.dataDir}`;
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
  const databaseName = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return `PostgreSQL at ${url.host || 'the default host'}${databaseName ? `/${databaseName}` : ''}`;
}

function describeMarket(source: Config['marketSource']): string {
  return source === 'simulated'
    ? 'simulated (not real prices)'
    : 'live (Binance, then Binance US, then CoinGecko)';
}

function describeLogs(level: Config['logLevel']): string {
  if (level === 'silent') return 'off (LOG_LEVEL=silent)';
  const quiet = level === 'fatal' || level === 'error' || level === 'warn';
  return `JSON lines on stdout at level ${level}${quiet ? ' (LOG_LEVEL=info adds every request)' : ''}`;
}

/**
 * The demo accounts, exactly as the seed creates them. The demo admin exists only when no
 * admin is configured; a configured admin's password is never printed.
 */
function demoAccountLines(config: BannerConfig): string[] {
  if (!config.demo) return [];
  const accounts = [
    ...DEMO_USERS.map((user) => ['User', user.email, user.password] as const),
    config.adminEmail
      ? (['Admin', config.adminEmail, '(ADMIN_PASSWORD)'] as const)
      : (['Admin', DEMO_ADMIN.email, DEMO_ADMIN.password] as const),
  ];
  const emailWidth = Math.max(...accounts.map(([, email]) => email.length)) + 2;
  return [
    '',
    '  Demo accounts (demo data is on: never run a public server like this):',
    ...accounts.map(
      ([role, email, password]) => `    ${role.padEnd(7)}${email.padEnd(emailWidth)}${password}`,
    ),
    // Every admin signs in with a second factor: the demo admin's key, for an authenticator
    // app; an ADMIN_EMAIL admin sets one up at first sign-in.
    config.adminEmail
      ? '    Admin 2FA: set up at first sign-in'
      : `    Admin 2FA key (TOTP, add to an authenticator app): ${groupedKey(DEMO_ADMIN.twoFactorSecret)}`,
  ];
}

/** A base32 key in groups of four, as people type it. */
function groupedKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}
