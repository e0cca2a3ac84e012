/** The trades area: timed trades opened, listed and settled. */
export { tradeRoutes } from './routes';
export { settleDueTrades } from './settlement';
