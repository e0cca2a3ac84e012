import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { activateLanguage, initialLanguage } from './i18n/i18n';
import { startInspector } from '../machines/inspector';
import { startPwa } from './pwa/register';
import { installHistoryDepth } from './shell/history-depth';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain #root');
  installHistoryDepth();
  // Before the first await: Chromium's install prompt may fire while the catalog loads.
  startPwa();
  // The inspector must exist before the first actor starts; the catalog before first paint.
  await Promise.all([startInspector(), activateLanguage(initialLanguage())]);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
