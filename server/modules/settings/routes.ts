import type { FastifyPluginAsync } from 'fastify';
import { loadSiteSetting } from './site-settings';

/** Public site settings: support links and transfer rules, readable without a token. */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/getSiteSetting', { config: { access: 'public' } }, async () => ({
    setting: await loadSiteSetting(app.db),
  }));
};
