/**
 * GET /api/health: is the database reachable, and how old is the newest market tick. Answers
 * 503 when the database is not, so a load balancer takes the instance out of rotation. A
 * stale market feed does not: the instance still serves everything but new trades.
 */
import type { FastifyPluginAsync } from 'fastify';
import { pingDatabase } from '../../db/client';
import type { MarketFeedStatus } from '../../market/runtime';

export interface HealthOptions {
  marketStatus: () => MarketFeedStatus | Promise<MarketFeedStatus>;
}

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, options) => {
  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    const startedAt = performance.now();
    let databaseOk = true;
    try {
      await pingDatabase(app.db);
    } catch (error) {
      databaseOk = false;
      app.log.error({ err: error }, 'health: database unreachable');
    }
    const latencyMs = Math.round((performance.now() - startedAt) * 10) / 10;
    let market: MarketFeedStatus | { error: string };
    try {
      market = await options.marketStatus();
    } catch (error) {
      app.log.error({ err: error }, 'health: market status unavailable');
      market = { error: 'Market status unavailable.' };
    }
    const body = {
      status: databaseOk ? 'ok' : 'degraded',
      database: { ok: databaseOk, latencyMs },
      market,
      uptimeS: Math.round(process.uptime()),
    };
    return reply.code(databaseOk ? 200 : 503).send(body);
  });
};
