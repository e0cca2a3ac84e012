import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { activateLanguage, initialLanguage } from './i18n/i18n';
import { startInspector } from './inspect';
import { installHistoryDepth } from './shell/history-depth';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain #root');
  installHistoryDepth();
  // The inspector must exist before the first actor starts; the catalog before first paint.
  const [inspect] = await Promise.all([startInspector(), activateLanguage(initialLanguage())]);
  createRoot(container).render(
    <StrictMode>
      <App inspect={inspect} />
    </StrictMode>,
  );
}

void start();
