/**
 * The admin area: the console's routes (users and adjustments, admins, four-eyes decisions,
 * coins, queues, the overview, the audit log, viewing the app as a user). It sits above the
 * areas whose changes it makes and imports them through their own entries.
 */
export { adminAccountRoutes } from './admins-routes';
export { approvalRoutes } from './approvals';
export { auditRoutes } from './audit-routes';
export { adminCoinRoutes } from './coins-admin';
export { impersonationRoutes } from './impersonation';
export { outboxRoutes } from './outbox-routes';
export { overviewRoutes } from './overview';
export { adminQueueRoutes } from './queues';
export { adminRoutes } from './routes';
export { adminUserRoutes } from './users-routes';
