/** The market area: /api/config, tick backfill, and the simulated market's services. */
export { marketRoutes } from './routes';
export { simulatedMarketRoutes } from './sim-routes';
