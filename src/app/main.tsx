import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../services/query-client';
import { App } from './app';
import { routeOf } from './route-table';
import { activateLanguage, initialLanguage } from './i18n/i18n';
import { startInspector } from '../machines/inspector';
import { startPwa } from './pwa/register';
import { HeaderBalance } from './shell/header';
import { installHistoryDepth } from './shell/history-depth';

/**
 * How long the first screen waits for the page's code before it is drawn without it (the
 * header, and a spinner where the page goes), on a link slow enough for that to matter.
 */
const FIRST_PAGE_WAIT_MAX_MS = 3_000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain #root');
  installHistoryDepth();
  // Before the first await: Chromium's install prompt may fire while the catalog loads.
  startPwa();
  // The inspector must exist before the first actor starts; the catalog before first paint.
  const ready = Promise.all([startInspector(), activateLanguage(initialLanguage())]);
  // The page this address shows (its code and texts) and the data it shows first, asked for
  // beside the shell's catalog rather than after the first render has chosen it: a round
  // trip sooner. A failure here is the page's to report when it renders.
  const queryClient = createQueryClient();
  const route = routeOf(window.location.pathname);
  const page = Promise.all([
    route.page.preload(),
    route.headerEnd === 'balance' ? HeaderBalance.preload() : null,
  ]).catch(() => undefined);
  route.prefetch?.(queryClient);
  // The first render waits for the page's code too (a while at most), so the first screen is
  // the page itself: drawn before it arrived, it was a spinner that React then held for at
  // least 300 ms more once the page had come (app/preloadable.tsx).
  await Promise.all([ready, Promise.race([page, delay(FIRST_PAGE_WAIT_MAX_MS)])]);
  // The first render as a transition: React builds the tree in slices of a few
  // milliseconds, yielding to the browser in between, instead of in one long task that a
  // slow phone's first tap would wait behind (Lighthouse's total blocking time).
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

void start();
