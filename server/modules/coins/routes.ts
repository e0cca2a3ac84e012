import type { FastifyPluginAsync } from 'fastify';
import { listCoinSymbols } from './repository';

/** The listed coins, in display order; no token needed. The list is small and capped. */
const MAX_COINS = 500;

export const coinRoutes: FastifyPluginAsync = async (app) => {
  app.get('/getCoinList', { config: { access: 'public' } }, async (): Promise<string[]> =>
    listCoinSymbols(app.db, MAX_COINS),
  );
};
