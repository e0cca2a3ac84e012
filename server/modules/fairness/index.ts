/** The fairness area: the public fairness record and the user's receipts file. */
export { fairnessRoutes } from './routes';
