import type { SiteSetting } from '../../../common/contract';
import { CHAT_WIDGET_PAGE_PATH } from '../../../common/contract/settings';
import { safeExternalUrl } from '../../services/safe-url';

/**
 * Where the header's support button leads, apart from the help page's components so that
 * the header, which every screen draws, does not bring them into the first load.
 */

/**
 * The first support channel the site settings set (WhatsApp, then Telegram, then email), or
 * null when none is set.
 */
export function primarySupportLink(setting: SiteSetting | undefined): string | null {
  for (const link of [setting?.whatsappLink, setting?.telegramLink, setting?.emailLink]) {
    const url = safeExternalUrl(link);
    if (url) return url;
  }
  return null;
}

/** Whether a path is the help page, as the router matches it (any case, one trailing slash). */
export function isChatWidgetPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === CHAT_WIDGET_PAGE_PATH || lower === `${CHAT_WIDGET_PAGE_PATH}/`;
}
