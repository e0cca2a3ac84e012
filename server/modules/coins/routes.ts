import { asc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { coins } from '../../db/schema';

/** The listed coins, in display order; no token needed. The list is small and capped. */
const MAX_COINS = 500;

export const coinRoutes: FastifyPluginAsync = async (app) => {
  app.get('/getCoinList', { config: { access: 'public' } }, async (): Promise<string[]> => {
    const rows = await app.db
      .select({ symbol: coins.symbol })
      .from(coins)
      .orderBy(asc(coins.sortOrder), asc(coins.symbol))
      .limit(MAX_COINS);
    return rows.map((r) => r.symbol);
  });
};
