import {
  array,
  boolean,
  enums,
  literal,
  nullable,
  object,
  optional,
  string,
  union,
  type Infer,
} from 'superstruct';
import { LANGUAGES, ROLES } from '../rules';
import { IsoDate, WireAmount } from './common';

/** POST /api/registerUser */
export const RegisterRequest = object({
  fullName: string(),
  username: string(),
  email: string(),
  phoneNumber: string(),
  password: string(),
  /** The web app's language: the user's mails are written in it. Absent: English. */
  language: optional(enums(LANGUAGES)),
});
export type RegisterRequest = Infer<typeof RegisterRequest>;

/** POST /api/login */
export const LoginRequest = object({ email: string(), password: string() });
export type LoginRequest = Infer<typeof LoginRequest>;

export const LoginResponse = object({
  token: string(),
  role: enums(ROLES),
  expiresAt: IsoDate,
});
export type LoginResponse = Infer<typeof LoginResponse>;

/**
 * POST /api/login for an account with two-factor on: no token yet, a challenge to answer
 * with a code at POST /api/loginTwoFactor within 5 minutes.
 */
export const LoginChallengeResponse = object({
  twoFactorRequired: literal(true),
  challenge: string(),
});
export type LoginChallengeResponse = Infer<typeof LoginChallengeResponse>;

/** What POST /api/login answers: a session, or (two-factor on) a challenge. */
export const LoginAnswer = union([LoginResponse, LoginChallengeResponse]);
export type LoginAnswer = Infer<typeof LoginAnswer>;

/** POST /api/loginTwoFactor: the challenge and a TOTP or recovery code; answers LoginResponse. */
export const LoginTwoFactorRequest = object({ challenge: string(), code: string() });
export type LoginTwoFactorRequest = Infer<typeof LoginTwoFactorRequest>;

/** POST /api/setupTwoFactor takes no body (an empty object at most). */
export const SetupTwoFactorRequest = object({});

/** POST /api/setupTwoFactor: a new pending key (base32) and its otpauth:// address. */
export const SetupTwoFactorResponse = object({ secret: string(), otpauthUrl: string() });
export type SetupTwoFactorResponse = Infer<typeof SetupTwoFactorResponse>;

/** POST /api/enableTwoFactor and /api/disableTwoFactor: a code. */
export const TwoFactorCodeRequest = object({ code: string() });
export type TwoFactorCodeRequest = Infer<typeof TwoFactorCodeRequest>;

/** POST /api/enableTwoFactor's answer: ten single-use recovery codes, shown once. */
export const EnableTwoFactorResponse = object({ recoveryCodes: array(string()) });
export type EnableTwoFactorResponse = Infer<typeof EnableTwoFactorResponse>;

/** The user as the API shows it to its owner (GET /api/getUserById). */
export const User = object({
  _id: string(),
  fullName: string(),
  username: string(),
  email: string(),
  phoneNumber: string(),
  /** What the user can spend now: the wallet balance minus holds. */
  balance: WireAmount,
  /** Held for pending withdrawals (and, later, open trades). */
  onHold: WireAmount,
  /**
   * Practice mode: what the user can stake on practice trades now (PRACTICE money, never
   * USDT), in the same format as `balance`.
   */
  practiceBalance: WireAmount,
  /**
   * When the next practice refill is allowed (the next UTC midnight) when today's was
   * made; null when a refill can be made now.
   */
  practiceRefillAt: nullable(IsoDate),
  payId: string(),
  role: enums(ROLES),
  isVerified: boolean(),
  isVerificationPending: boolean(),
  /** Whether the user proved the email address (the verification mail's link). */
  emailVerified: boolean(),
  appNotice: nullable(string()),
  lastLoginDate: nullable(IsoDate),
  createdAt: IsoDate,
  /** Whether sign-in and money and security calls ask for a second-factor code. */
  twoFactorEnabled: boolean(),
});
export type User = Infer<typeof User>;

export const UserResponse = object({ user: User });
export type UserResponse = Infer<typeof UserResponse>;

export const RegisterResponse = object({ message: string(), user: User });
export type RegisterResponse = Infer<typeof RegisterResponse>;

/** PUT /api/updateUserPasswordByUser */
/**
 * PUT /api/updateUserPasswordByUser: the new password and the current one, which proves
 * that whoever holds the session also knows the password (a token alone must not be enough
 * to take an account over for good).
 */
export const UpdatePasswordRequest = object({
  password: string(),
  currentPassword: string(),
});
export type UpdatePasswordRequest = Infer<typeof UpdatePasswordRequest>;

export const UpdatePasswordResponse = object({
  message: string(),
  user: object({ _id: string() }),
});

export const MessageResponse = object({ message: string() });

/**
 * PUT /api/updateProfile: the signed-in user edits their own name and phone number. Nothing
 * else: username, email, role, balance and Pay ID are refused as unknown fields.
 */
export const UpdateProfileRequest = object({ fullName: string(), phoneNumber: string() });
export type UpdateProfileRequest = Infer<typeof UpdateProfileRequest>;

/** PUT /api/updateAdminPassword: an admin changes their own password. */
export const UpdateAdminPasswordRequest = object({
  currentPassword: string(),
  password: string(),
});
export type UpdateAdminPasswordRequest = Infer<typeof UpdateAdminPasswordRequest>;

/** POST /api/verifyEmail: the token of the verification mail's link. */
export const VerifyEmailRequest = object({ token: string() });
export type VerifyEmailRequest = Infer<typeof VerifyEmailRequest>;

/** POST /api/resendVerificationEmail answer: when the new mail was queued. */
export const ResendVerificationResponse = object({ message: string(), sentAt: IsoDate });
export type ResendVerificationResponse = Infer<typeof ResendVerificationResponse>;

/** POST /api/requestPasswordReset: always 200 with the same answer, whatever the email. */
export const PasswordResetRequest = object({ email: string() });
export type PasswordResetRequest = Infer<typeof PasswordResetRequest>;

/** POST /api/resetPassword: the reset mail's token and the new password. */
export const ResetPasswordRequest = object({ token: string(), password: string() });
export type ResetPasswordRequest = Infer<typeof ResetPasswordRequest>;

/** PUT /api/updateLanguage: the language of the user's mails (the web app's, on change). */
export const UpdateLanguageRequest = object({ language: enums(LANGUAGES) });
export type UpdateLanguageRequest = Infer<typeof UpdateLanguageRequest>;
