/** The KYC area: a user's identity request and the admin's decision on it. */
export { kycRoutes } from './routes';
