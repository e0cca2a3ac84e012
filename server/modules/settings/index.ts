/**
 * The settings area: site settings (transfer and trading rules, dual approval, the chat
 * widget) and their routes. Trades and the market area read the trading settings; the admin
 * area applies an approved change of dual approval.
 */
export { type ChatWidgetPolicy, createChatWidgetPolicy, loadChatWidgetUrl } from './chat-widget';
export { applyApprovedDualApproval, settingsRoutes } from './routes';
export { ensureSiteSettings } from './site-settings';
export {
  DURATION_S,
  loadTradingSettings,
  tradingConfigView,
  type TradingSettings,
} from './trading-settings';
