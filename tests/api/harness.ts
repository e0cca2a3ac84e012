/**
 * Test harness: a fresh app on a fresh database. In-memory PGlite by default; with
 * TEST_DATABASE_URL set, a new PostgreSQL database made for this app and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/seed';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIR: '/nonexistent',
    ...env,
  });
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => undefined as void;
  if (serverUrl) {
    const name = `tw_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
  }
  const app = await buildApp({ config, database, logger: false, registerPerMinute: 1000 });
  await seed(database.db, config, app.log);
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await dropDatabase();
    },
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let counter = 0;
/** A valid, unique registration body. */
export function newUserBody(overrides: Record<string, string> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    fullName: 'Test Person',
    username: `user_${tag}`,
    email: `person_${tag}@example.com`,
    phoneNumber: '+14155550123',
    password: 'Violet-Harbor-71',
    ...overrides,
  };
}

export async function registerAndLogin(
  app: FastifyInstance,
  overrides: Record<string, string> = {},
) {
  const body = newUserBody(overrides);
  const registered = await app.inject({ method: 'POST', url: '/api/registerUser', payload: body });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: body.email, password: body.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { token } = login.json() as { token: string };
  return { body, token, auth: { authorization: `Bearer ${token}` } };
}
