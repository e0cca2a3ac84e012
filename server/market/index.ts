/**
 * The market: price providers (Binance, Binance US, CoinGecko, simulated) behind one
 * interface, the provider chain, the tick recorder and the tick readers other code uses
 * (trade entry and settlement read `latestTick` and `firstTickAtOrAfter`).
 */
export { createProviderChain } from './chain';
export { createTickRecorder } from './recorder';
export { firstTickAtOrAfter, latestTick } from './ticks';
export { ProviderError } from './types';
