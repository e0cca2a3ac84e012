/**
 * The users area: accounts (each user with its wallet), profiles and the per-account flags
 * an admin sets. Passwords arrive hashed; hashing is the auth area's.
 */
export { assertEmailVerified, assertWithdrawalsAllowed, emailUnverified } from './account-flags';
export {
  createHashedAccount,
  insertAccount,
  type AfterAccountInsert,
  type CreateAccountResult,
  type HashedAccount,
} from './accounts';
export { userRoutes } from './routes';
export { loadUserView } from './user-view';
export {
  answerLoginChallenge,
  CHALLENGE_PURGE_BATCH_SIZE,
  createLoginChallenge,
  enrollKnownSecret,
  isTwoFactorEnabled,
  lockWithdrawals,
  purgeExpiredChallenges,
  removeTwoFactor,
  requireStepUp,
} from './two-factor';
export { twoFactorRoutes } from './two-factor-routes';
