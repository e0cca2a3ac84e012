/** The trades area: timed trades opened, listed and settled, and the user's receipts file. */
export { tradeRoutes } from './routes';
export { settleDueTrades, settleDueTradesOfUser } from './settlement';
export { receiptsFileOfUser } from './receipts';
