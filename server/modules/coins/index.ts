/** The coins area: the listed coins, as the markets page reads them. */
export { coinRoutes } from './routes';
