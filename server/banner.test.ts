import { describe, expect, it } from 'vitest';
import { describeDatabase, openUrl, startBanner, type BannerConfig } from './banner';
import { loadConfig } from './config';
import { DEMO_ADMIN, DEMO_USERS } from './seed/demo-data';

const LISTENING = { address: '0.0.0.0', family: 'IPv4', port: 3000 };

function configFrom(env: NodeJS.ProcessEnv): BannerConfig {
  return loadConfig({ DATA_DIR: '/srv/tradewallet', ...env });
}

describe('startBanner', () => {
  it('shows the address, the embedded database, the market and the demo accounts by default', () => {
    const banner = startBanner(configFrom({}), LISTENING);
    expect(banner).toContain('Open      http://localhost:3000');
    expect(banner).toContain('Database  embedded (PGlite), data in /srv/tradewallet/pgdata');
    expect(banner).toContain('Market    simulated (not real prices)');
    expect(banner).toContain('JSON lines on stdout at level info');
    for (const user of DEMO_USERS) {
      expect(banner).toMatch(new RegExp(`User +${user.email} +${user.password}\\n`));
    }
    expect(banner).toMatch(new RegExp(`Admin +${DEMO_ADMIN.email} +${DEMO_ADMIN.password}\\n`));
    // The demo admin's two-factor key, grouped in fours, as an authenticator app takes it.
    expect(banner).toContain('Admin 2FA key (TOTP, add to an authenticator app): TRAD EWAL LETD');
    expect(banner.replace(/ /g, '')).toContain(DEMO_ADMIN.twoFactorSecret);
  });

  it('shows no accounts and no password without demo data', () => {
    const banner = startBanner(
      configFrom({
        DATABASE_URL: 'postgres://tw:s3cret-pass@db.internal:5433/tradewallet',
        MARKET_SOURCE: 'binance',
        ADMIN_EMAIL: 'ops@example.com',
        ADMIN_PASSWORD: 'Operator-Password-1',
      }),
      LISTENING,
    );
    expect(banner).toContain('Database  PostgreSQL at db.internal:5433/tradewallet');
    expect(banner).toContain('Market    live (Binance, then Binance US, then CoinGecko)');
    expect(banner).not.toContain('Demo accounts');
    expect(banner).not.toContain('@tradewallet.local');
    expect(banner).not.toContain('s3cret-pass');
    expect(banner).not.toContain('Operator-Password-1');
    expect(banner).not.toContain('ops@example.com');
  });

  it('names a configured admin instead of the demo admin, without its password', () => {
    const banner = startBanner(
      configFrom({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'Operator-Password-1' }),
      LISTENING,
    );
    expect(banner).toMatch(/Admin +ops@example\.com +\(ADMIN_PASSWORD\)\n/);
    expect(banner).toContain('Admin 2FA: set up at first sign-in');
    expect(banner).not.toContain(DEMO_ADMIN.twoFactorSecret);
    expect(banner).not.toContain(DEMO_ADMIN.email);
    expect(banner).not.toContain('Operator-Password-1');
    expect(banner).toContain(DEMO_USERS[0].email);
  });

  it('says how to see request logs when they are quiet', () => {
    expect(startBanner(configFrom({ LOG_LEVEL: 'warn' }), LISTENING)).toContain(
      'JSON lines on stdout at level warn (LOG_LEVEL=info adds every request)',
    );
    expect(startBanner(configFrom({ LOG_LEVEL: 'silent' }), LISTENING)).toContain(
      'Logs      off (LOG_LEVEL=silent)',
    );
  });

  it('is a few lines, not a page', () => {
    const lines = startBanner(configFrom({}), LISTENING).trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(14);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
  });
});

describe('openUrl', () => {
  it('opens a wildcard address as localhost, on the port actually bound', () => {
    expect(openUrl({ address: '::', family: 'IPv6', port: 41234 })).toBe('http://localhost:41234');
  });

  it('keeps a specific address, with brackets for IPv6', () => {
    expect(openUrl({ address: '127.0.0.1', family: 'IPv4', port: 3000 })).toBe(
      'http://127.0.0.1:3000',
    );
    expect(openUrl({ address: '::1', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
  });
});

describe('describeDatabase', () => {
  it('leaves out the user name and password of a PostgreSQL URL', () => {
    expect(
      describeDatabase({ databaseUrl: 'postgresql://admin:pw@localhost/app', dataDir: '/d' }),
    ).toBe('PostgreSQL at localhost/app');
  });
});
