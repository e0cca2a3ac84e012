/**
 * The fairness record (docs/product.md §4 Fairness):
 * - GET /api/getFairnessStats, open to anyone: the settled real trades of the last 30 and
 *   90 days, counted by result, and the house's result; cached per instance for ten
 *   minutes and cacheable by browsers and proxies for as long.
 * - GET /api/downloadTradeReceipts, signed in: the user's newest settled trades with the
 *   recorded ticks that decided them, as a JSON file to check offline.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FairnessStats, ReceiptsFile } from '../../../common/contract';
import { sessionOf } from '../../http/auth-guard';
import { receiptsFileOfUser, settleDueTradesOfUser } from '../trades';
import { createFairnessStatsCache, FAIRNESS_STATS_TTL_MS } from './stats';

export const fairnessRoutes: FastifyPluginAsync = async (app) => {
  const stats = createFairnessStatsCache(app.db, () => app.nowMs());

  app.get(
    '/getFairnessStats',
    { config: { access: 'public' } },
    async (_request, reply): Promise<FairnessStats> => {
      reply.header('cache-control', `public, max-age=${FAIRNESS_STATS_TTL_MS / 1000}`);
      return stats();
    },
  );

  app.get(
    '/downloadTradeReceipts',
    { config: { access: 'user' } },
    async (request, reply): Promise<ReceiptsFile> => {
      const { userId } = sessionOf(request);
      const nowMs = Date.now();
      await settleDueTradesOfUser(app.db, app.platformAccounts, userId, nowMs);
      const file = await receiptsFileOfUser(app.db, userId, nowMs);
      const day = file.exportedAt.slice(0, 10);
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="trade-receipts-${day}.json"`);
      return file;
    },
  );
};
