/**
 * The simulated market's price function, on its own: how long the first 24 h ticker of 40
 * coins takes (each coin builds its 1,440 minute samples: what the recorder's first record
 * pays after a start, the code not yet compiled), the same for a second market once the code
 * is compiled, a warm ticker pass of the 40 coins a second later (what every open browser's
 * poll costs each second), and `priceAt` per call, second after second (the recorder) and at
 * scattered seconds (nothing cached). Target: a cold 40-coin pass well under 1 s.
 *
 *   npm run bench:sim            (BENCH_SIM_COINS, default 40)
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { createSimulatedMarket, SIM_COINS } from '../server/market/simulated';

const COINS = Number(process.env.BENCH_SIM_COINS ?? 40);
const WARM_SECONDS = 60;
const SEQUENTIAL_CALLS = 20_000;
const SCATTERED_CALLS = 5_000;
const T0_MS = Date.UTC(2026, 10, 1, 12, 0, 0);

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function main(): void {
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`);
  console.log(`node ${process.version}`);
  // The simulation's own coins, then made-up symbols (priced from the secret) up to COINS.
  const symbols = SIM_COINS.slice(0, COINS).map((coin) => coin.symbol);
  for (let i = 1; symbols.length < COINS; i += 1) symbols.push(`BENCH${i}`);
  const market = createSimulatedMarket(randomBytes(32));

  const coldMs = timed(() => {
    for (const symbol of symbols) market.ticker(symbol, T0_MS);
  });
  const second = createSimulatedMarket(randomBytes(32));
  const compiledColdMs = timed(() => {
    for (const symbol of symbols) second.ticker(symbol, T0_MS);
  });
  let warmTotalMs = 0;
  for (let s = 1; s <= WARM_SECONDS; s += 1) {
    warmTotalMs += timed(() => {
      for (const symbol of symbols) market.ticker(symbol, T0_MS + s * 1000);
    });
  }
  const t0 = T0_MS / 1000 + 10_000;
  const sequentialMs = timed(() => {
    for (let i = 0; i < SEQUENTIAL_CALLS; i += 1) market.priceAt('ETH', t0 + i);
  });
  const scatteredMs = timed(() => {
    for (let i = 0; i < SCATTERED_CALLS; i += 1) market.priceAt('SOL', t0 + i * 7_919);
  });

  console.log(`ticker, ${symbols.length} coins, cold:  ${coldMs.toFixed(1)} ms`);
  console.log(
    `ticker, ${symbols.length} coins, cold, code compiled: ${compiledColdMs.toFixed(1)} ms`,
  );
  console.log(
    `ticker, ${symbols.length} coins, warm:  ${(warmTotalMs / WARM_SECONDS).toFixed(2)} ms a pass (mean of ${WARM_SECONDS} seconds)`,
  );
  console.log(
    `priceAt, second after second: ${((sequentialMs / SEQUENTIAL_CALLS) * 1000).toFixed(2)} µs a call`,
  );
  console.log(
    `priceAt, scattered seconds:   ${((scatteredMs / SCATTERED_CALLS) * 1000).toFixed(2)} µs a call`,
  );
}

main();
