/** The wallet area: payment methods, deposits, withdrawals, transfers and wallet activity. */
export { activityRoutes } from './activity';
export { depositRoutes } from './deposits';
export { methodRoutes } from './methods';
export { transferRoutes } from './transfers';
export { withdrawRoutes } from './withdrawals';
