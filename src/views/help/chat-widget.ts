/**
 * The third-party live-chat widget of the help page. Its script address comes from the site
 * settings (`chatWidgetUrl`), and the server allows its origin only in the security policy of
 * the /helpline document. So the script is injected only on that page, only when the
 * document was loaded there; and leaving the page loads the next one as a new document, so
 * no other page runs the widget's code or keeps its permissions.
 */
import { useEffect, useState } from 'react';
import { isChatWidgetPath } from './support-target';

export type ChatWidgetStatus = 'off' | 'loading' | 'ready' | 'failed';

const SCRIPT_MARKER = 'data-chat-widget';

/** The widget's script address when it is a usable https URL, else null. */
export function chatWidgetScriptUrl(setting: string | null | undefined): string | null {
  const text = setting?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.username === '' && url.password === ''
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/** The path this document was loaded at, or null when the browser does not say. */
function documentPath(): string | null {
  const [entry] = performance.getEntriesByType('navigation');
  if (!entry) return null;
  try {
    return new URL(entry.name).pathname;
  } catch {
    return null;
  }
}

/** Loads the widget while the help page is shown; answers how far it got. */
export function useChatWidget(scriptUrl: string | null): ChatWidgetStatus {
  // How loading this address ended; until it has, the widget is loading.
  const [outcome, setOutcome] = useState<{ url: string; status: 'ready' | 'failed' } | null>(null);

  useEffect(() => {
    const existing = document.querySelector<HTMLScriptElement>(`script[${SCRIPT_MARKER}]`);
    if (!scriptUrl) {
      // The widget was removed from the settings while it ran here: start afresh without it.
      if (existing) window.location.reload();
      return;
    }
    const loadedAt = documentPath();
    // Reached from another page inside the app: this document's policy does not allow the
    // widget. Loading the help page itself brings the policy that does.
    if (loadedAt !== null && !isChatWidgetPath(loadedAt)) {
      window.location.reload();
      return;
    }
    if (existing && existing.src !== scriptUrl) {
      // The address changed while the page was open: a running widget cannot be unloaded.
      window.location.reload();
      return;
    }
    let script = existing;
    if (!script) {
      script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.setAttribute(SCRIPT_MARKER, '');
      document.body.appendChild(script);
    }
    const element = script;
    const onLoad = () => setOutcome({ url: scriptUrl, status: 'ready' });
    // Also what a script refused by the security policy reports.
    const onError = () => setOutcome({ url: scriptUrl, status: 'failed' });
    element.addEventListener('load', onLoad);
    element.addEventListener('error', onError);
    return () => {
      element.removeEventListener('load', onLoad);
      element.removeEventListener('error', onError);
      // Left the help page (the address has already changed): load the next page as a new
      // document, with the strict policy and without the widget's code.
      if (!isChatWidgetPath(window.location.pathname)) window.location.reload();
    };
  }, [scriptUrl]);

  if (!scriptUrl) return 'off';
  return outcome?.url === scriptUrl ? outcome.status : 'loading';
}
