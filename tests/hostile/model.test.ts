/**
 * Model-based hostile test: random sequences of deposits, approvals and rejections,
 * withdrawals with single and dual approval, transfers, real and practice trades settled as
 * wins, losses, draws and voids, practice refills sent twice at once (one credits), retries
 * with the same Idempotency-Key (same body, another user, another body) and refused
 * variants (too much, below the minimum, stale figures, another user's screenshot or
 * records, the wrong approver), run against a real app and an in-memory model. After every
 * step the balances through the API (real and practice), the wallets' and practice
 * accounts' postings and holds, each currency's conservation (USDT and PRACTICE apart: no
 * entry may mix them), the rows made, the platform accounts and the journal entries must
 * equal the model; any 5xx fails. Each sequence ends with the full ledger check.
 *
 * CI runs a small fixed-seed batch (MODEL_RUNS, default 25). `npm run hostile:model` runs
 * 1,000 sequences; MODEL_SEED, MODEL_STEPS (commands per sequence) and
 * MODEL_FULL_CHECK_EVERY (sequences between full ledger checks) tune it. On PostgreSQL:
 * TEST_DATABASE_URL=postgres://… npm run hostile:model.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger/check';
import { verifyTrades } from '../../server/modules/trades/verify';
import { adjust, COMMANDS, OPENING_BALANCES } from './model/commands';
import { platformTotals } from './model/invariants';
import { newModel, USER_COUNT, type Model, type Real, type UserIx } from './model/state';
import { createWorld, freshUsers, lastEntryId, type World } from './model/world';

const RUNS = envInteger('MODEL_RUNS', 25);
const SEED = envInteger('MODEL_SEED', 20_260_321);
const MAX_STEPS = envInteger('MODEL_STEPS', 40);
const FULL_CHECK_EVERY = envInteger('MODEL_FULL_CHECK_EVERY', 1);

function envInteger(name: string, fallback: number): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}

let world: World;
let sequence = 0;
let steps = 0;
let fullChecks = 0;

beforeAll(async () => {
  world = await createWorld();
});

afterAll(async () => {
  if (!world) return;
  try {
    const ledger = await checkLedger(world.test.app.db);
    expect(ledger.violations).toEqual([]);
    const trades = await verifyTrades(world.test.app.db);
    expect(trades.mismatches).toEqual([]);
  } finally {
    await world.test.close();
  }
});

/**
 * A sequence starts from a known state: three fresh users, the platform's balances now, and
 * each user's opening balance credited by an admin adjustment through the API.
 */
async function startSequence(
  openingMicros: readonly bigint[],
): Promise<{ model: Model; real: Real }> {
  sequence += 1;
  const users = await freshUsers(world, USER_COUNT);
  const real: Real = {
    world,
    users,
    baseline: { platform: await platformTotals({ world }), lastEntryId: await lastEntryId(world) },
    sequence,
    coins: 0,
    address: `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
  };
  const model = newModel();
  model.practiceMade = users.map((user) => user.practiceMade);
  model.practiceMadeAtStart = model.practiceMade.filter(Boolean).length;
  for (const [user, amountMicros] of openingMicros.entries()) {
    if (amountMicros > 0n) await adjust(model, real, user as UserIx, amountMicros, 0);
  }
  return { model, real };
}

function report(elapsedMs: number): string {
  const statuses = [...world.stats.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  const commands = [...world.stats.commands.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${name}×${n}`)
    .join(' ');
  const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  return [
    `model-based: ${sequence} sequences (${RUNS} runs, seed ${SEED}, ≤ ${MAX_STEPS} commands) on ${database}`,
    `  steps checked   ${steps} (${(steps / Math.max(sequence, 1)).toFixed(1)} a sequence)`,
    `  time            ${(elapsedMs / 1000).toFixed(1)} s, ${(elapsedMs / Math.max(sequence, 1)).toFixed(0)} ms a sequence`,
    `  requests        ${world.stats.requests}, 5xx: ${world.stats.serverErrors}`,
    `  answers         ${statuses}`,
    `  commands        ${commands}`,
    `  full ledger checks ${fullChecks}`,
  ].join('\n');
}

describe('model-based: money moves exactly as the model says', () => {
  it(
    `${RUNS} random sequences keep the API, the ledger and the model equal`,
    async () => {
      const startedAt = performance.now();
      await fc.assert(
        fc.asyncProperty(
          OPENING_BALANCES,
          fc.commands(COMMANDS, { maxCommands: MAX_STEPS, size: 'max' }),
          async (opening, commands) => {
            const { model, real } = await startSequence(opening);
            await fc.asyncModelRun(() => ({ model, real }), commands);
            steps += model.steps;
            if (RUNS >= 100 && sequence % 100 === 0) {
              // A long run shows it is alive.
              process.stdout.write(`  ${sequence} sequences, ${steps} steps checked\n`);
            }
            if (sequence % FULL_CHECK_EVERY === 0) {
              fullChecks += 1;
              const ledger = await checkLedger(world.test.app.db);
              expect(ledger.violations, `ledger after sequence ${sequence}`).toEqual([]);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
      process.stdout.write(`\n${report(performance.now() - startedAt)}\n`);
      expect(world.stats.serverErrors).toBe(0);
    },
    // Generous: a sequence takes well under a second; shrinking a failure takes longer.
    120_000 + RUNS * 5_000,
  );
});
