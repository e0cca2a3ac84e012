/**
 * Business constants and limits shared by the web app and the server. Names carry their
 * units. Change a rule here and both sides follow.
 */

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Local storage keys of the web app. */
export const STORAGE_KEYS = {
  userToken: 'uToken',
  adminToken: 'aToken',
  language: 'lang',
  /** This browser's device id, sent on sign-in so the server knows a device it has seen. */
  deviceId: 'deviceId',
  /** The Real / Practice switch of /trade and /orders ('real' or 'practice'). */
  tradeAccount: 'tradeAccount',
} as const;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Account fields. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;
export const FULL_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,19}$/;
export const PAY_ID_DIGITS = 8;

/** Sessions. */
export const USER_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ADMIN_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const TOKEN_BYTES = 32;
/** The web app's device id (DEVICE_ID_HEADER): random, base64url, kept in local storage. */
export const DEVICE_ID_BYTES = 16;
export const DEVICE_ID_HEADER = 'x-device-id';
/** A session's User-Agent is kept up to this many characters. */
export const SESSION_USER_AGENT_MAX_LENGTH = 512;
/** A session's `lastSeenAt` moves on at most once per this time, so most requests write nothing. */
export const SESSION_LAST_SEEN_RESOLUTION_MS = 60_000;
/** `GET /api/getSessions` lists at most this many sessions, newest first. */
export const SESSIONS_LIST_MAX = 50;
/** `GET /api/getLoginHistory` answers at most this many attempts, newest first. */
export const LOGIN_HISTORY_MAX = 50;

/**
 * What a sign-in attempt on an existing account came to (`login_attempts.result`). A
 * throttled attempt was refused with 429 before its password was checked.
 * `two_factor_failed` is for the second step of a sign-in with two-factor authentication.
 */
export const LOGIN_RESULTS = [
  'success',
  'wrong_password',
  'throttled',
  'account_disabled',
  'two_factor_failed',
] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

/**
 * Sign-in throttling (server/modules/auth/throttle.ts). Three counters, each with a window
 * of 15 minutes from its first attempt: so many attempts free, then each further one after a
 * wait doubling from 1 s up to 5 minutes. One address on one account gets at most about 15
 * attempts a window, so it never reaches the account's free 30: a stranger is slowed down
 * long before the account's owner is. An address on all accounts gets 100 free, room for
 * many people behind one carrier's or office's address.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS_ON_ACCOUNT = 5;
export const SIGN_IN_FREE_ATTEMPTS_PER_ADDRESS = 100;
export const SIGN_IN_FREE_ATTEMPTS_PER_ACCOUNT = 30;
export const SIGN_IN_FIRST_DELAY_MS = 1000;
export const SIGN_IN_MAX_DELAY_MS = 5 * 60 * 1000;

/**
 * Two-factor authentication (TOTP, RFC 6238; server/modules/users/two-factor.ts): 30 s
 * steps, 6 digits, a code of the step before or after accepted too (clock drift). Five wrong
 * codes in a row lock the account's second factor for 15 minutes; a sign-in challenge lives
 * 5 minutes; ten recovery codes, each used once.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW_STEPS = 1;
export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_LOCK_MS = 15 * 60 * 1000;
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: two groups of five letters and digits, e.g. `K7Q2M-9XH4P`. */
export const RECOVERY_CODE_PATTERN = /^[A-Z0-9]{5}-[A-Z0-9]{5}$/;
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/;
/** The header a money or security call carries its fresh second-factor code in. */
export const TWO_FACTOR_CODE_HEADER = 'x-two-factor-code';
/** After a password change or reset, or 2FA turned off or reset: no withdrawals for 24 h. */
export const WITHDRAWAL_COOLING_MS = 24 * 60 * 60 * 1000;

/** Client-side timing. */
export const LOGOUT_REDIRECT_DELAY_MS = 1000;
const RETRY_BASE_DELAY_MS = 1000;
const RETRY_MAX_DELAY_MS = 30_000;
export const READ_RETRY_LIMIT = 5;
/**
 * Failed attempts of a read after which its screen shows the error with Try again (about
 * 1 s in, after the first retry), while the retries go on behind it: not 31 s of placeholders.
 */
export const LOAD_ERROR_AFTER_FAILURES = 2;
export const LOG_POLL_INTERVAL_MS = 10_000;
export const PRICE_POLL_INTERVAL_MS = 1000;

/** Delay before read retry `attempt` (0-based): doubles from 1 s, capped at 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt), RETRY_MAX_DELAY_MS);
}

/** Lists. */
export const ORDERS_PAGE_SIZE = 6;
export const TRADE_DURATIONS_S = [30, 60, 180, 300] as const;

/** Request bodies larger than this are refused before parsing. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
/**
 * JSON bodies nesting deeper or with more keys than this are refused before parsing: no
 * request nests more than three levels or has more than a few dozen keys.
 */
export const MAX_JSON_BODY_DEPTH = 16;
export const MAX_JSON_BODY_KEYS = 500;

/** Wallet. */
export const TRANSFER_FALLBACK_MIN_MICROS = 0n;
/** 1 % in micro-percent, used when site settings are unavailable. */
export const TRANSFER_FALLBACK_FEE_MICRO_PERCENT = 1_000_000n;
export const PAY_ID_LOOKUP_DEBOUNCE_MS = 400;
/** Logs (deposit, withdraw, transfer) answer at most this many newest rows. */
export const LOG_LIST_CAP = 100;
export const WALLET_ACTIVITY_PAGE_SIZE = 20;
export const PAYMENT_ADDRESS_MAX_LENGTH = 128;
export const REASON_MAX_LENGTH = 500;

/** Uploads. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TIMEOUT_MS = 180_000;
export const UPLOAD_ACCEPTED_TYPES = ['image/jpeg', 'image/png'] as const;

/** Markets and trades. */
/** The server refuses a trade when its newest recorded tick is older than this. */
export const MAX_ENTRY_TICK_AGE_MS = 3000;
/** An exit tick counts when recorded at most this long after expiry; otherwise the trade is void. */
export const SETTLEMENT_WINDOW_S = 5;
/**
 * The most settled trades one receipts file holds (GET /api/downloadTradeReceipts), newest
 * first: a year of heavy trading, and a file of a few megabytes.
 */
export const RECEIPTS_PER_FILE = 1000n;
/**
 * Practice mode: every user's practice balance starts at this (10,000 practice USDT), and
 * POST /api/refillPracticeBalance tops it up to this, once per UTC day.
 */
export const PRACTICE_BALANCE_MICROS = 10_000_000_000n;
/** At most this many recorded ticks per chart backfill. */
export const MARKET_TICKS_MAX = 600;
/** Hot coins: the strip and the 'See all' modal. */
export const HOT_COINS_STRIP = 5;
export const HOT_COINS_MODAL = 20;
/** The market worker polls this much slower while the tab is hidden. */
export const HIDDEN_POLL_INTERVAL_MS = 10_000;

/** Email verification and password reset (issue 20). */
/** How long a verification link works. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60_000;
/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** A verification mail (or a reset mail of one account) at most this often… */
export const MAIL_LINK_COOLDOWN_MS = 60_000;
/** …and at most this many in a day (counted over the last 24 hours). */
export const MAIL_LINKS_PER_DAY = 5;
