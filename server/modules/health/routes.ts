/**
 * GET /api/health: is the database reachable, and how old is the newest market tick. Answers
 * 503 when the database is not, so a load balancer takes the instance out of rotation.
 */
import type { FastifyPluginAsync } from 'fastify';
import { pingDatabase } from '../../db/client';

export interface MarketFeedStatus {
  source: string;
  /** Milliseconds since the newest recorded tick, or null before the first one. */
  lastTickAgeMs: number | null;
}

export interface HealthOptions {
  marketStatus: () => MarketFeedStatus;
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
    const body = {
      status: databaseOk ? 'ok' : 'degraded',
      database: {
        ok: databaseOk,
        latencyMs: Math.round((performance.now() - startedAt) * 10) / 10,
      },
      market: options.marketStatus(),
      uptimeS: Math.round(process.uptime()),
    };
    return reply.code(databaseOk ? 200 : 503).send(body);
  });
};
