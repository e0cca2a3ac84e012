/**
 * The auth area: sign-up, sign-in and sign-out, password hashing and proof, sessions, and
 * the sign-in throttle. The app hands `findSession` to the http layer's guard.
 */
export { createAccount } from './new-account';
export { hashPassword, verifyPassword } from './passwords';
export { isCommonPassword } from './common-passwords';
export { provePassword } from './proof';
export { authRoutes } from './routes';
export { sessionRoutes } from './session-routes';
export {
  LOGIN_ATTEMPT_PURGE_BATCH_SIZE,
  purgeExcessLoginAttempts,
  purgeOldLoginAttempts,
} from './login-history';
export { DEVICE_PURGE_BATCH_SIZE, purgeForgottenDevices } from './devices';
export { recoveryRoutes } from './recovery-routes';
export {
  createImpersonationSession,
  findSession,
  findSessionRecheckedInWrite,
  forgetRecentSession,
  purgeExpiredSessions,
  revokeAllSessions,
  SESSION_PURGE_BATCH_SIZE,
} from './sessions';
export { COUNTER_PURGE_BATCH_SIZE, purgeEndedCounters } from './throttle';
