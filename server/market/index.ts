/**
 * The market: price providers (Binance, Binance US, CoinGecko, simulated) behind one
 * interface, the provider chain, the tick recorder and the tick readers other code uses
 * (trade entry and settlement read `latestTick` and `firstTickAtOrAfter`).
 */
export { createBinanceProvider } from './binance';
export {
  createProviderChain,
  type ChainResult,
  type ProviderChain,
  type SourcedQuote,
} from './chain';
export { createCoinGeckoProvider } from './coingecko';
export { createTickRecorder, type RecordResult, type TickRecorder } from './recorder';
export {
  createMarketRuntime,
  marketConnectOrigins,
  marketEndpoints,
  type MarketRuntime,
} from './runtime';
export {
  createSimulatedMarket,
  createSimulatedProvider,
  SIM_COINS,
  type SimulatedMarket,
} from './simulated';
export {
  baseSymbol,
  firstTickAtOrAfter,
  insertTicks,
  latestTick,
  type Queryable,
  type RecordedTick,
} from './ticks';
export { ProviderError, type PriceProvider, type ProviderName, type Quote } from './types';
