/**
 * What mails there are and what each carries. The params are strings only (they are stored
 * as JSON in the outbox and written into a template as they are).
 */
export interface MailParams {
  /** The link's token; cleared from the row once the mail is sent. */
  verify_email: { token: string };
  reset_password: { token: string };
  password_changed: Record<string, never>;
  /** Amounts as the wire writes them (six decimals). */
  deposit_credited: { amount: string };
  withdrawal_approved: { amount: string; transactionHash: string };
  withdrawal_rejected: { amount: string; reason: string };
  transfer_received: { amount: string; sender: string };
  kyc_approved: Record<string, never>;
  kyc_rejected: { reason: string };
  two_factor_enabled: Record<string, never>;
  two_factor_disabled: Record<string, never>;
  /** `time` ISO 8601 (UTC); `address` the IP address; `device` browser and system. */
  new_device_sign_in: { time: string; address: string; device: string };
}

export type MailKind = keyof MailParams;

export const MAIL_KINDS = [
  'verify_email',
  'reset_password',
  'password_changed',
  'deposit_credited',
  'withdrawal_approved',
  'withdrawal_rejected',
  'transfer_received',
  'kyc_approved',
  'kyc_rejected',
  'two_factor_enabled',
  'two_factor_disabled',
  'new_device_sign_in',
] as const satisfies readonly MailKind[];

/** A mail as `enqueueMail` takes it: the kind and its params, for one user. */
export type MailRequest = {
  [K in MailKind]: { userId: string; kind: K; params: MailParams[K] };
}[MailKind];

/** Params that are secrets: removed from the row once the mail has gone. */
export const SECRET_PARAMS = ['token'] as const;
