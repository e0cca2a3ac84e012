/** The practice area: refilling the practice balance (practice money lives in the ledger). */
export { practiceRoutes } from './routes';
