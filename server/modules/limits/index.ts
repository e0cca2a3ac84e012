/**
 * The limits area: limits users set on their own real trading and deposits, time-outs and
 * self-exclusion, and the risk acknowledgement; the trades and wallet areas call its guards
 * inside their own transactions.
 */
export { depositGuards, realTradeGuards } from './guards';
export { blocksOf } from './repository';
export { limitRoutes } from './routes';
