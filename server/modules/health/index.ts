/** The health area: GET /api/health for load balancers. */
export { healthRoutes } from './routes';
