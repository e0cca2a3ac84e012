import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ADMIN_MAX_PAGE } from '../../../../common/contract';
import type { AuditFilter } from '../../../services/admin-api';
import { formatTrimmedMicros } from '../../../ui/money';
import { pageFromSearch, pagedHref } from '../console/paging';

/**
 * The audit log screen's pure rules: the filters and page the address holds, the checks the
 * server applies to them (server/modules/admin/audit-routes.ts), readable names of actions
 * and targets, where a target's page is, and the changed keys of an entry's before and after.
 */

export const AUDIT_BASE = '/admin/audit';
export const AUDIT_FILTER_FIELDS = ['actor', 'action', 'targetType', 'targetId'] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];

export const EMPTY_AUDIT_FILTER: AuditFilter = {
  actor: '',
  action: '',
  targetType: '',
  targetId: '',
};

export interface AuditView {
  filter: AuditFilter;
  page: number;
}

/** Longer values are cut: nothing typed into an address should reach the server unbounded. */
const FILTER_MAX_LENGTH = 128;

/** Reads `?actor=&action=&targetType=&targetId=&page=`; missing filters are empty. */
export function parseAuditSearch(search: string): AuditView {
  const params = new URLSearchParams(search);
  const filter = { ...EMPTY_AUDIT_FILTER };
  for (const field of AUDIT_FILTER_FIELDS) {
    filter[field] = (params.get(field) ?? '').trim().slice(0, FILTER_MAX_LENGTH);
  }
  return { filter, page: pageFromSearch(params, ADMIN_MAX_PAGE) };
}

/** The address of a view of the log; empty filters and page 1 are left out. */
export function auditHref(view: { filter?: Partial<AuditFilter>; page?: number }): string {
  const params = new URLSearchParams();
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = view.filter?.[field]?.trim() ?? '';
    if (value !== '') params.set(field, value);
  }
  return pagedHref(AUDIT_BASE, params, view.page ?? 1);
}

export function hasFilter(filter: AuditFilter): boolean {
  return AUDIT_FILTER_FIELDS.some((field) => filter[field].trim() !== '');
}

// The server's checks of the filters, so a bad one is explained before it is sent.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const ACTION_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_]+)*(\.\*)?$/;
const TARGET_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const TARGET_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

export function validateAuditFilter(
  filter: AuditFilter,
): Partial<Record<AuditFilterField, MessageDescriptor>> {
  const errors: Partial<Record<AuditFilterField, MessageDescriptor>> = {};
  const actor = filter.actor.trim();
  if (actor !== '' && !UUID_PATTERN.test(actor) && !USERNAME_PATTERN.test(actor)) {
    errors.actor = msg`Enter an admin's username or account id`;
  }
  const action = filter.action.trim();
  if (action !== '' && (action.length > 64 || !ACTION_PATTERN.test(action))) {
    errors.action = msg`Like withdrawal.approved, or withdrawal.* for every action of a kind`;
  }
  const targetType = filter.targetType.trim();
  if (targetType !== '' && !TARGET_TYPE_PATTERN.test(targetType)) {
    errors.targetType = msg`A lower-case name such as user or withdrawal`;
  }
  const targetId = filter.targetId.trim();
  if (targetId !== '' && !TARGET_ID_PATTERN.test(targetId)) {
    errors.targetId = msg`Letters, digits and _ . : - only`;
  }
  return errors;
}

// Names -------------------------------------------------------------------------------------

/** Every action the server writes (`writeAudit` calls in server/modules), with its name. */
export const ACTION_LABELS: Record<string, MessageDescriptor> = {
  'deposit.approved': msg`Deposit approved`,
  'deposit.rejected': msg`Deposit rejected`,
  'withdrawal.first_approved': msg`Withdrawal: first approval`,
  'withdrawal.approved': msg`Withdrawal approved`,
  'withdrawal.rejected': msg`Withdrawal rejected`,
  'kyc.approved': msg`KYC approved`,
  'mail.resent': msg`Mail sent again`,
  'kyc.rejected': msg`KYC rejected`,
  'kyc.documents_viewed': msg`KYC documents viewed`,
  'file.viewed': msg`File viewed`,
  'user.updated': msg`User profile changed`,
  'user.flags_changed': msg`User restrictions changed`,
  'user.balance_adjusted': msg`Balance adjusted`,
  'user.password_reset': msg`User password reset`,
  'user.impersonated': msg`Account viewed as the user`,
  'admin.created': msg`Admin created`,
  'admin.password_changed': msg`Admin password changed`,
  'coin.created': msg`Coin added`,
  'coin.updated': msg`Coin changed`,
  'coin.deleted': msg`Coin deleted`,
  'deposit_method.created': msg`Deposit method added`,
  'deposit_method.updated': msg`Deposit method changed`,
  'deposit_method.deleted': msg`Deposit method deleted`,
  'withdraw_method.created': msg`Withdraw method added`,
  'withdraw_method.updated': msg`Withdraw method changed`,
  'withdraw_method.deleted': msg`Withdraw method deleted`,
  'site_settings.updated': msg`Site settings changed`,
};

/** The kinds offered in the action filter, each matching `<kind>.*`. */
export const ACTION_KINDS: readonly { kind: string; label: MessageDescriptor }[] = [
  { kind: 'deposit', label: msg`Deposits` },
  { kind: 'withdrawal', label: msg`Withdrawals` },
  { kind: 'kyc', label: msg`KYC` },
  { kind: 'user', label: msg`Users` },
  { kind: 'admin', label: msg`Admins` },
  { kind: 'site_settings', label: msg`Site settings` },
  { kind: 'coin', label: msg`Coins` },
  { kind: 'deposit_method', label: msg`Deposit methods` },
  { kind: 'withdraw_method', label: msg`Withdraw methods` },
  { kind: 'file', label: msg`Files` },
];

/** The target types the server records, with their names. */
export const TARGET_TYPE_LABELS: Record<string, MessageDescriptor> = {
  user: msg`User`,
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  kyc: msg`KYC request`,
  mail: msg`Mail`,
  coin: msg`Coin`,
  deposit_method: msg`Deposit method`,
  withdraw_method: msg`Withdraw method`,
  site_settings: msg`Site settings`,
  file: msg`File`,
};

/** The console page of a target, when it has one. */
export function targetHref(targetType: string, targetId: string | null): string | null {
  if (targetId === null || targetId === '') return null;
  const id = encodeURIComponent(targetId);
  switch (targetType) {
    case 'user':
      return `/admin/users/${id}`;
    case 'deposit':
      return `/admin/deposits/${id}`;
    case 'withdrawal':
      return `/admin/withdrawals/${id}`;
    case 'kyc':
      return `/admin/kyc/${id}`;
    default:
      return null;
  }
}

// Before and after --------------------------------------------------------------------------

export interface AuditChange {
  /** The changed key; empty when the whole value is not an object. */
  key: string;
  /** The value as text, or null when the key was absent on that side. */
  before: string | null;
  after: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON up to this length stays on one line; longer JSON is indented to be read. */
const COMPACT_JSON_MAX_LENGTH = 60;

/** A value as plain text: strings as they are, anything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    const compact = JSON.stringify(value);
    if (compact === undefined) return String(value);
    return compact.length <= COMPACT_JSON_MAX_LENGTH ? compact : JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/**
 * The keys whose value differs between `before` and `after`, in the order they first
 * appear (before's keys, then keys only after has). A key on one side only counts as a
 * change. When either side is not an object, the whole values are compared as one.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const absent = (value: unknown) => value === null || value === undefined;
  if (absent(before) && absent(after)) return [];
  if (!(isRecord(before) || absent(before)) || !(isRecord(after) || absent(after))) {
    const left = absent(before) ? null : valueText(before);
    const right = absent(after) ? null : valueText(after);
    return left === right ? [] : [{ key: '', before: left, after: right }];
  }
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  const changes: AuditChange[] = [];
  for (const key of keys) {
    const had = Object.hasOwn(left, key);
    const has = Object.hasOwn(right, key);
    const beforeText = had ? valueText(left[key]) : null;
    const afterText = has ? valueText(right[key]) : null;
    if (had && has && JSON.stringify(left[key]) === JSON.stringify(right[key])) continue;
    changes.push({ key, before: beforeText, after: afterText });
  }
  return changes;
}

/**
 * A reading aid for settings stored in micro-units: "2500000" under a key ending in
 * `MicroPercent` reads "2.5 %", under one ending in `Micros` "2.5 USDT". Null otherwise.
 */
export function microsReading(key: string, text: string | null): string | null {
  if (text === null || !/^-?\d{1,24}$/.test(text)) return null;
  const micros = BigInt(text);
  const shown = formatTrimmedMicros(micros);
  if (/MicroPercent$/.test(key)) return `${shown} %`;
  if (/Micros$/.test(key)) return `${shown} USDT`;
  return null;
}
