/**
 * Configuration from the environment, validated once at start. Every setting is documented
 * in README.md's configuration table; an invalid value stops the server with a clear message
 * instead of running half-configured.
 */
import { isIP } from 'node:net';
import path from 'node:path';

export type MarketSource = 'simulated' | 'binance';

/** TRUST_PROXY parsed: trust no proxy, the listed ones, or the nearest `hops` hops. */
export type TrustProxy = false | { addresses: readonly string[] } | { hops: number };

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; absent means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /**
   * Where prices come from. Defaults to the simulated market only with demo data; otherwise
   * to the live providers, so real money never trades on simulated prices by omission.
   */
  marketSource: MarketSource;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Seed demo users, coins, methods and settings. */
  demo: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder of the built web app; served when it exists. */
  webDir: string;
  /**
   * Base64 of 32 bytes: encrypts stored files and signs their links. Absent: generated once
   * and kept in `dataDir/secrets/files.key` (fine for one instance; set it for several).
   */
  filesKey: string | null;
  /**
   * Which reverse proxies' `X-Forwarded-For` to believe, so per-address limits see the
   * client behind them: false (none, the default), the proxies' addresses or CIDRs, or a hop
   * count (the nearest N hops, whatever their address). Never "everyone": then any client
   * writes its own address.
   */
  trustProxy: TrustProxy;
  /** Live market sources (MARKET_SOURCE=binance): base URLs without a trailing slash. */
  binanceUrl: string;
  binanceUsUrl: string;
  coingeckoUrl: string;
  /** IP-location service the web app asks once (full URL, answers JSON with country_code). */
  geoUrl: string;
  /**
   * Base64 of at least 16 bytes: the key of the simulated market's price function. Absent:
   * generated once per installation and kept in the database, shared by every instance.
   */
  simSecret: string | null;
  /** Recorded market ticks are kept this many days. */
  tickRetentionDays: number;
  /** Record ticks on this instance (one or two recorders are enough for many instances). */
  marketRecorder: boolean;
  /**
   * SMTP server of the mails (`smtp://user:pass@host:587`, `smtps://…:465`); absent: each mail
   * is written as an `.eml` file to `dataDir/mail/` and its path logged.
   */
  smtpUrl: string | null;
  /** The From of every mail (`TradeWallet <no-reply@example.com>`); required with SMTP_URL. */
  mailFrom: string;
  /**
   * The address users open the app at, for the links in mails (no trailing slash); default
   * `http://localhost:<PORT>`.
   */
  publicUrl: string;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function parseBoolean(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const portText = env.PORT?.trim() || '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer 0..65535, got "${portText}"`);
  }

  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }

  // Demo data is on by default only for the embedded database: a real PostgreSQL
  // deployment must never get demo accounts by accident.
  const demo = parseBoolean('DEMO', env.DEMO) ?? databaseUrl === null;
  // Likewise the simulated market: without demo data only when asked for by name.
  const marketSource = (env.MARKET_SOURCE?.trim() ||
    (demo ? 'simulated' : 'binance')) as MarketSource;
  if (marketSource !== 'simulated' && marketSource !== 'binance') {
    throw new ConfigError(`MARKET_SOURCE must be "simulated" or "binance", got "${marketSource}"`);
  }

  const adminEmail = env.ADMIN_EMAIL?.trim() || null;
  const adminPassword = env.ADMIN_PASSWORD || null;
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }

  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }

  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    marketSource,
    adminEmail,
    adminPassword,
    demo,
    logLevel,
    webDir: path.resolve(env.WEB_DIR?.trim() || './dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    filesKey: parseFilesKey(env.FILES_KEY),
    binanceUrl: parseBaseUrl('BINANCE_URL', env.BINANCE_URL, 'https://api.binance.com'),
    binanceUsUrl: parseBaseUrl('BINANCE_US_URL', env.BINANCE_US_URL, 'https://api.binance.us'),
    coingeckoUrl: parseBaseUrl('COINGECKO_URL', env.COINGECKO_URL, 'https://api.coingecko.com'),
    geoUrl: parseUrl('GEO_URL', env.GEO_URL, 'https://ipapi.co/json/').href,
    simSecret: parseSimSecret(env.SIM_SECRET, env.SIM_SEED),
    tickRetentionDays: parseIntegerIn('TICK_RETENTION_DAYS', env.TICK_RETENTION_DAYS, 30, 1, 3650),
    marketRecorder: parseBoolean('MARKET_RECORDER', env.MARKET_RECORDER) ?? true,
    ...parseMail(env),
    publicUrl: parseBaseUrl('PUBLIC_URL', env.PUBLIC_URL, `http://localhost:${port}`),
  };
}

/** SMTP_URL and MAIL_FROM: SMTP needs both; without SMTP, mails are files with a local From. */
function parseMail(env: NodeJS.ProcessEnv): { smtpUrl: string | null; mailFrom: string } {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  const mailFrom = env.MAIL_FROM?.trim() || null;
  if (smtpUrl !== null) {
    let url: URL;
    try {
      url = new URL(smtpUrl);
    } catch {
      throw new ConfigError('SMTP_URL must be a URL like smtp://user:pass@host:587');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
    }
    if (mailFrom === null) throw new ConfigError('MAIL_FROM must be set with SMTP_URL');
  }
  if (mailFrom !== null && !/^[^\r\n]{3,200}$/.test(mailFrom)) {
    throw new ConfigError('MAIL_FROM must be one line, e.g. "TradeWallet <no-reply@example.com>"');
  }
  return { smtpUrl, mailFrom: mailFrom ?? 'TradeWallet <no-reply@localhost>' };
}

/** An absolute http(s) URL without credentials; `fallback` when unset. */
function parseUrl(name: string, value: string | undefined, fallback: string): URL {
  const text = value?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${text}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must be an http:// or https:// URL, got "${text}"`);
  }
  if (url.username || url.password) throw new ConfigError(`${name} must not contain credentials`);
  return url;
}

/** A base URL the API paths are appended to: no query or fragment, no trailing slash. */
function parseBaseUrl(name: string, value: string | undefined, fallback: string): string {
  const url = parseUrl(name, value, fallback);
  if (url.search || url.hash) throw new ConfigError(`${name} must not have a query or fragment`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The fewest bytes of the simulated market's secret: 128 bits, beyond any search. Defined
 * here, below the market, which asserts its key against it.
 */
export const SIM_SECRET_MIN_BYTES = 16;
const SIM_SECRET_MAX_BYTES = 1024;

/**
 * SIM_SECRET: standard base64 (with its padding) of 16 to 1024 bytes, e.g. the output of
 * `openssl rand -base64 32`. SIM_SEED, the old public seed, is refused by name: a server that
 * kept it would otherwise quietly run on a generated secret its operator did not expect.
 */
function parseSimSecret(value: string | undefined, oldSeed: string | undefined): string | null {
  if (oldSeed !== undefined && oldSeed.trim() !== '') {
    throw new ConfigError(
      'SIM_SEED is no longer supported: prices keyed by a seed can be computed by anyone ' +
        'who finds it. Remove it: the simulated market now uses a secret generated once per ' +
        'installation, or SIM_SECRET (base64 of at least 16 random bytes, e.g. ' +
        '`openssl rand -base64 32`).',
    );
  }
  const text = value?.trim();
  if (!text) return null;
  const bytes = Buffer.from(text, 'base64');
  // Node decodes leniently (it skips foreign characters): only a canonical text is accepted.
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || bytes.toString('base64') !== text) {
    throw new ConfigError('SIM_SECRET must be standard base64 (e.g. `openssl rand -base64 32`)');
  }
  if (bytes.length < SIM_SECRET_MIN_BYTES || bytes.length > SIM_SECRET_MAX_BYTES) {
    throw new ConfigError(
      `SIM_SECRET must encode ${SIM_SECRET_MIN_BYTES} to ${SIM_SECRET_MAX_BYTES} bytes ` +
        `(it encodes ${bytes.length}); generate one with \`openssl rand -base64 32\``,
    );
  }
  return text;
}

function parseIntegerIn(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  const text = value?.trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number ${min}..${max}, got "${text}"`);
  }
  return n;
}

/** The most hops anyone sits behind (a CDN, a load balancer and a proxy is three). */
const MAX_TRUSTED_HOPS = 5;
/** Names `@fastify/proxy-addr` knows for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const TRUST_PROXY_HELP =
  'Set it to the addresses or CIDRs of your proxies (e.g. "10.0.0.5" or "10.0.0.0/8,127.0.0.1"), ' +
  `or to the number of proxies in front of the server (1..${MAX_TRUSTED_HOPS}); leave it unset ` +
  'when clients connect directly. See docs/operations.md.';

/**
 * TRUST_PROXY: unset, "false" or "0" trusts no proxy; "1".."5" the nearest hops; otherwise a
 * comma-separated list of IP addresses, CIDRs, or the names loopback, linklocal and
 * uniquelocal. "true" is refused: trusting every hop lets each client write its own address
 * into X-Forwarded-For and pass every per-address limit.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (['true', 'yes', 'on'].includes(text)) {
    throw new ConfigError(
      `TRUST_PROXY=${text} would trust any client's X-Forwarded-For. ${TRUST_PROXY_HELP}`,
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_TRUSTED_HOPS) {
      throw new ConfigError(
        `TRUST_PROXY must be at most ${MAX_TRUSTED_HOPS} hops. ${TRUST_PROXY_HELP}`,
      );
    }
    return { hops };
  }
  const addresses = text.split(',').map((entry) => entry.trim());
  for (const entry of addresses) {
    if (!isProxyAddress(entry)) {
      throw new ConfigError(
        `TRUST_PROXY has "${entry}", which is not an address. ${TRUST_PROXY_HELP}`,
      );
    }
  }
  return { addresses };
}

/** An IP address, an address with a prefix length, or a range name of proxy-addr. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

function parseFilesKey(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (Buffer.from(text, 'base64').length !== 32) {
    throw new ConfigError('FILES_KEY must be the base64 encoding of exactly 32 bytes');
  }
  return text;
}

/** Where the configured database is: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export function databaseTarget(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  poolSize?: number,
): { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string } {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') };
}
