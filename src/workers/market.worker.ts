/**
 * The market-feed web worker: polling and parsing happen here, off the page's main thread;
 * the page gets only the watched coins that changed. Its API is exposed with Comlink (see
 * `MarketWorkerApi`); the logic is the plain `MarketFeed` class.
 */
import * as Comlink from 'comlink';
import { MarketFeed } from './market-feed';
import type { MarketWorkerApi } from './market-types';

const feed = new MarketFeed({
  fetch: (input, init) => fetch(input, init),
  origin: self.location.origin,
});

const api: MarketWorkerApi = {
  configure: (settings, coins, listener) =>
    feed.configure(settings, coins, (update) => {
      // A Comlink call to the page; once the page has gone, it fails, which is nothing to us.
      void Promise.resolve(listener(update) as unknown).catch(() => undefined);
    }),
  setWatched: (symbols) => feed.setWatched(symbols),
  setHidden: (hidden) => feed.setHidden(hidden),
  stop: () => feed.stop(),
};

Comlink.expose(api);
