import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ADJUSTMENT_MAX_MICROS,
  ADJUSTMENT_REASON_MAX_LENGTH,
  ADJUSTMENT_REASON_MIN_LENGTH,
  ADMIN_USERS_MAX_PAGE,
  ADMIN_USER_SEARCH_MAX_LENGTH,
  APP_NOTICE_MAX_LENGTH,
  type AdminAdjustmentRequest,
  type AdminUserSummary,
} from '../../../../common/contract';
import { adjustmentDualApprovalFrom } from '../../../../common/four-eyes';
import { formatMicros, microsFromWire, parseAmount } from '../../../../common/money';
import { formatAmountMicros } from '../../../ui/money';
import {
  checkEmail,
  checkFullName,
  checkPhone,
  checkUsername,
} from '../../../../common/validation';
import { fieldMessage, type FormErrors } from '../console/account-rules';
import { pageFromSearch, pagedHref } from '../console/paging';

/**
 * The users screens' pure rules: the search the address asks for, a user's badges, and what
 * the profile and adjustment forms accept (the server's rules, checked first here so a
 * mistake is shown under its field before anything is sent); the password reset's are the
 * console's (account-rules.ts), since an admin's own and new passwords follow them too.
 */

// The list's address -----------------------------------------------------------------------

export const USERS_PATH = '/admin/users';

export interface UserSearch {
  /** Email, username or Pay ID, trimmed; '' lists everyone. */
  q: string;
  page: number;
}

/** Reads `?q=&page=`; a missing or odd page is page 1, an overlong search is cut. */
export function parseUserSearch(search: string): UserSearch {
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').trim().slice(0, ADMIN_USER_SEARCH_MAX_LENGTH);
  return { q, page: pageFromSearch(params, ADMIN_USERS_MAX_PAGE) };
}

/** The list's address; the defaults are left out, so `/admin/users` is everyone, page 1. */
export function userSearchHref({ q, page }: UserSearch): string {
  const params = new URLSearchParams();
  const query = q.trim().slice(0, ADMIN_USER_SEARCH_MAX_LENGTH);
  if (query !== '') params.set('q', query);
  return pagedHref(USERS_PATH, params, page);
}

export const userHref = (id: string) => `${USERS_PATH}/${encodeURIComponent(id)}`;

// Badges ------------------------------------------------------------------------------------

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral';

export interface UserBadge {
  key: 'verified' | 'kycPending' | 'disabled' | 'tradingStopped' | 'withdrawalsStopped';
  label: MessageDescriptor;
  tone: BadgeTone;
}

type BadgeFlags = Pick<
  AdminUserSummary,
  'isVerified' | 'isVerificationPending' | 'disabled' | 'tradingAllowed' | 'withdrawalsAllowed'
>;

/** What an admin should see at a glance, the most serious first. */
export function userBadges(user: BadgeFlags): UserBadge[] {
  const badges: UserBadge[] = [];
  if (user.disabled) badges.push({ key: 'disabled', label: msg`Disabled`, tone: 'danger' });
  if (!user.tradingAllowed) {
    badges.push({ key: 'tradingStopped', label: msg`Trading stopped`, tone: 'warning' });
  }
  if (!user.withdrawalsAllowed) {
    badges.push({ key: 'withdrawalsStopped', label: msg`Withdrawals stopped`, tone: 'warning' });
  }
  if (user.isVerified) badges.push({ key: 'verified', label: msg`Verified`, tone: 'success' });
  else if (user.isVerificationPending) {
    badges.push({ key: 'kycPending', label: msg`KYC pending`, tone: 'neutral' });
  }
  return badges;
}

// The profile form --------------------------------------------------------------------------

export const PROFILE_FIELDS = [
  'fullName',
  'username',
  'email',
  'phoneNumber',
  'appNotice',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

export function isProfileField(field: string | undefined): field is ProfileField {
  return (PROFILE_FIELDS as readonly (string | undefined)[]).includes(field);
}

/** The sign-up rules for the account fields; the notice may be empty (no notice). */
export function profileErrors(values: ProfileValues): FormErrors<ProfileField> {
  const errors: FormErrors<ProfileField> = {};
  const put = (field: ProfileField, message: MessageDescriptor | undefined) => {
    if (message) errors[field] = message;
  };
  put('fullName', fieldMessage(checkFullName(values.fullName)));
  put('username', fieldMessage(checkUsername(values.username)));
  put('email', fieldMessage(checkEmail(values.email)));
  put('phoneNumber', fieldMessage(checkPhone(values.phoneNumber)));
  if (values.appNotice.trim().length > APP_NOTICE_MAX_LENGTH) {
    const max = APP_NOTICE_MAX_LENGTH;
    put('appNotice', msg`The notice must be at most ${max} characters.`);
  }
  return errors;
}

/** The body of PUT /api/updateUser: trimmed, and an empty notice removes it. */
export function profileRequest(id: string, values: ProfileValues) {
  const notice = values.appNotice.trim();
  return {
    id,
    fullName: values.fullName.trim(),
    username: values.username.trim(),
    email: values.email.trim(),
    phoneNumber: values.phoneNumber.trim(),
    appNotice: notice === '' ? null : notice,
  };
}

// The balance adjustment --------------------------------------------------------------------

export type AdjustmentDirection = 'credit' | 'debit';
export const ADJUSTMENT_FIELDS = ['amount', 'reason'] as const;
export type AdjustmentField = (typeof ADJUSTMENT_FIELDS)[number];

export interface AdjustmentValues {
  direction: AdjustmentDirection;
  /** Unsigned, as typed: the direction gives the sign. */
  amount: string;
  reason: string;
}

export type AdjustmentCheck =
  | {
      ok: true;
      request: AdminAdjustmentRequest;
      /** Signed: what the available balance moves by. */
      micros: bigint;
    }
  | { ok: false; errors: FormErrors<AdjustmentField> };

function amountError(text: string): MessageDescriptor | bigint {
  const typed = text.trim();
  if (typed === '') return msg`Enter the amount.`;
  if (/^[+-]/.test(typed)) return msg`Enter the amount without a sign, and choose Credit or Debit.`;
  const parsed = parseAmount(typed);
  if (!parsed.ok) {
    return /\.\d{7,}$/.test(typed)
      ? msg`An amount can have at most 6 decimals.`
      : msg`Enter an amount such as 25 or 25.50.`;
  }
  if (parsed.micros === 0n) return msg`Enter an amount above zero.`;
  if (parsed.micros > ADJUSTMENT_MAX_MICROS) {
    const max = formatAmountMicros(ADJUSTMENT_MAX_MICROS);
    return msg`An adjustment can be at most ${max} USDT.`;
  }
  return parsed.micros;
}

/**
 * The adjustment as the server will take it, or why not. A debit may take the available
 * balance (the wallet minus what it holds for pending withdrawals and trades) down to zero,
 * never below: the server refuses that too.
 */
export function checkAdjustment(
  values: AdjustmentValues,
  availableMicros: bigint,
): AdjustmentCheck {
  const errors: FormErrors<AdjustmentField> = {};
  const amount = amountError(values.amount);
  let micros = 0n;
  if (typeof amount !== 'bigint') errors.amount = amount;
  else {
    micros = values.direction === 'debit' ? -amount : amount;
    if (values.direction === 'debit' && amount > availableMicros) {
      const available = formatAmountMicros(availableMicros > 0n ? availableMicros : 0n);
      errors.amount = msg`A debit can be at most the available balance, ${available} USDT.`;
    }
  }
  const reason = values.reason.trim();
  if (reason.length < ADJUSTMENT_REASON_MIN_LENGTH) {
    const min = ADJUSTMENT_REASON_MIN_LENGTH;
    errors.reason = msg`Give a reason of at least ${min} characters. It is recorded.`;
  } else if (reason.length > ADJUSTMENT_REASON_MAX_LENGTH) {
    const max = ADJUSTMENT_REASON_MAX_LENGTH;
    errors.reason = msg`The reason must be at most ${max} characters.`;
  }
  if (errors.amount || errors.reason) return { ok: false, errors };
  return { ok: true, request: { amount: formatMicros(micros), reason }, micros };
}

/**
 * From which size (either way) an adjustment needs a second admin, given the dual-approval
 * threshold as the console read it (undefined while it loads: then it is not known).
 */
export function adjustmentFourEyesFrom(thresholdWire: string | null | undefined): bigint | null {
  if (thresholdWire === undefined) return null;
  return adjustmentDualApprovalFrom(thresholdWire === null ? null : microsFromWire(thresholdWire));
}

/** Whether the adjustment will be sent for approval rather than posted at once. */
export function adjustmentNeedsApproval(micros: bigint, fromMicros: bigint | null): boolean {
  if (fromMicros === null) return false;
  return (micros < 0n ? -micros : micros) >= fromMicros;
}

// The history lists -------------------------------------------------------------------------

const LEDGER_KINDS: Record<string, MessageDescriptor> = {
  deposit: msg({ message: 'Deposit', context: 'ledger entry' }),
  withdrawal: msg({ message: 'Withdrawal', context: 'ledger entry' }),
  transfer: msg({ message: 'Transfer', context: 'ledger entry' }),
  adjustment: msg({ message: 'Adjustment', context: 'ledger entry' }),
  trade_settlement: msg({ message: 'Trade settled', context: 'ledger entry' }),
};

/** A ledger entry's kind in words; a kind this app does not know is shown as recorded. */
export function ledgerKindLabel(kind: string): MessageDescriptor | string {
  return Object.hasOwn(LEDGER_KINDS, kind) ? (LEDGER_KINDS[kind] as MessageDescriptor) : kind;
}
