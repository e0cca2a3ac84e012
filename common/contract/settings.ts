import { array, nullable, object, string, type Infer } from 'superstruct';
import { WireAmount } from './common';

/**
 * The one page that loads the live-chat widget. The server allows the widget's origin in the
 * security policy of this page's document only; the web app injects the script only here.
 */
export const CHAT_WIDGET_PAGE_PATH = '/helpline';

/** GET /api/getSiteSetting (public fields only). */
export const SiteSetting = object({
  whatsappLink: nullable(string()),
  telegramLink: nullable(string()),
  emailLink: nullable(string()),
  /**
   * Script address (https) of the third-party live-chat widget that the help page loads;
   * null when none is set, and the help page shows the support links instead.
   */
  chatWidgetUrl: nullable(string()),
  transferMin: WireAmount,
  /** Transfer fee in percent, as a decimal string ("1.000000"). */
  transferCharge: WireAmount,
});
export type SiteSetting = Infer<typeof SiteSetting>;

export const SiteSettingResponse = object({ setting: SiteSetting });

/** GET /api/getCoinList: symbols such as "BTC". */
export const CoinList = array(string());
