/**
 * Secrets generated once per installation and kept in the database (`installation_secrets`),
 * so that every instance on it uses the same one without any setting. The first instance to
 * ask inserts random bytes; an instance asking at the same moment loses the insert (`on
 * conflict do nothing`) and reads the winner's, so all agree. Secrets are never logged.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';

/** The stored secrets' bounds (the table's check constraint says the same). */
const MIN_SECRET_BYTES = 16;
const MAX_SECRET_BYTES = 1024;

async function readSecret(db: Db, name: string): Promise<Buffer | null> {
  const rows = await queryRows<{ value_hex: string }>(
    db,
    sql`select encode(value, 'hex') as value_hex from installation_secrets where name = ${name}`,
  );
  const row = rows[0];
  return row ? Buffer.from(row.value_hex, 'hex') : null;
}

/**
 * The installation's secret called `name`: the stored one, or `bytes` random bytes stored
 * now. A stored secret shorter than `bytes` is kept (it was made that way) but must still
 * have at least MIN_SECRET_BYTES.
 */
export async function installationSecret(db: Db, name: string, bytes: number): Promise<Buffer> {
  if (!Number.isInteger(bytes) || bytes < MIN_SECRET_BYTES || bytes > MAX_SECRET_BYTES) {
    throw new RangeError(`A secret has ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes`);
  }
  let secret = await readSecret(db, name);
  if (secret === null) {
    const fresh = randomBytes(bytes).toString('hex');
    await db.execute(
      sql`insert into installation_secrets (name, value)
          values (${name}, decode(${fresh}, 'hex'))
          on conflict (name) do nothing`,
    );
    // A new statement sees the row whichever instance inserted it.
    secret = await readSecret(db, name);
  }
  if (secret === null || secret.length < MIN_SECRET_BYTES) {
    throw new Error(`The installation secret "${name}" is missing or too short`);
  }
  return secret;
}
