import { array, nullable, object, string, type Infer } from 'superstruct';
import { WireAmount } from './common';

/** GET /api/getSiteSetting (public fields only). */
export const SiteSetting = object({
  whatsappLink: nullable(string()),
  telegramLink: nullable(string()),
  emailLink: nullable(string()),
  transferMin: WireAmount,
  /** Transfer fee in percent, as a decimal string ("1.000000"). */
  transferCharge: WireAmount,
});
export type SiteSetting = Infer<typeof SiteSetting>;

export const SiteSettingResponse = object({ setting: SiteSetting });

/** GET /api/getCoinList: symbols such as "BTC". */
export const CoinList = array(string());
