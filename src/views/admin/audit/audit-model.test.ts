import { describe, expect, it } from 'vitest';
import {
  ACTION_LABELS,
  auditChanges,
  auditHref,
  hasFilter,
  microsReading,
  parseAuditSearch,
  targetHref,
  validateAuditFilter,
  valueText,
} from './audit-model';

const USER_ID = '0b6f8a5e-3c1d-4f7a-9e2b-5d4c3b2a1f00';

describe('filters in the address', () => {
  it('reads every filter and the page', () => {
    expect(
      parseAuditSearch(
        `?actor=admin&action=withdrawal.*&targetType=user&targetId=${USER_ID}&page=3`,
      ),
    ).toEqual({
      filter: { actor: 'admin', action: 'withdrawal.*', targetType: 'user', targetId: USER_ID },
      page: 3,
    });
  });

  it('falls back to no filter and page 1', () => {
    expect(parseAuditSearch('')).toEqual({
      filter: { actor: '', action: '', targetType: '', targetId: '' },
      page: 1,
    });
    expect(parseAuditSearch('?page=0').page).toBe(1);
    expect(parseAuditSearch('?page=-2').page).toBe(1);
    expect(parseAuditSearch('?page=abc').page).toBe(1);
    expect(parseAuditSearch('?page=9999999').page).toBe(1);
  });

  it('trims values and cuts overlong ones', () => {
    const view = parseAuditSearch(`?actor=%20bob%20&targetId=${'x'.repeat(300)}`);
    expect(view.filter.actor).toBe('bob');
    expect(view.filter.targetId).toHaveLength(128);
  });

  it('writes the address without empty filters or page 1, and reads it back', () => {
    expect(auditHref({})).toBe('/admin/audit');
    expect(auditHref({ filter: { actor: ' ', action: 'site_settings.*' }, page: 1 })).toBe(
      '/admin/audit?action=site_settings.*',
    );
    const view = {
      filter: { actor: 'bob', action: '', targetType: 'user', targetId: USER_ID },
      page: 2,
    };
    expect(parseAuditSearch(auditHref(view).split('?')[1] ?? '')).toEqual(view);
  });

  it('says whether any filter is set', () => {
    expect(hasFilter(parseAuditSearch('?page=2').filter)).toBe(false);
    expect(hasFilter(parseAuditSearch('?targetType=user').filter)).toBe(true);
  });
});

describe('filter checks mirror the server', () => {
  const check = (filter: Partial<Record<'actor' | 'action' | 'targetType' | 'targetId', string>>) =>
    Object.keys(
      validateAuditFilter({ actor: '', action: '', targetType: '', targetId: '', ...filter }),
    );

  it('accepts usernames, ids, exact actions and kinds', () => {
    expect(check({ actor: 'admin.one', action: 'withdrawal.approved' })).toEqual([]);
    expect(
      check({ actor: USER_ID, action: 'site_settings.*', targetType: 'deposit_method' }),
    ).toEqual([]);
    expect(check({ targetId: '1' })).toEqual([]);
  });

  it('refuses what the server would refuse', () => {
    expect(check({ actor: 'bob smith' })).toEqual(['actor']);
    expect(check({ action: 'Withdrawal.Approved' })).toEqual(['action']);
    expect(check({ action: '*' })).toEqual(['action']);
    expect(check({ targetType: 'User' })).toEqual(['targetType']);
    expect(check({ targetId: 'a/b' })).toEqual(['targetId']);
  });
});

describe('names and links', () => {
  it('names every action the server writes', () => {
    for (const action of [
      'withdrawal.first_approved',
      'site_settings.updated',
      'deposit_method.deleted',
      'user.balance_adjusted',
    ]) {
      expect(ACTION_LABELS[action]).toBeDefined();
    }
  });

  it('links users, deposits, withdrawals and KYC requests to their pages', () => {
    expect(targetHref('user', USER_ID)).toBe(`/admin/users/${USER_ID}`);
    expect(targetHref('deposit', 'd1')).toBe('/admin/deposits/d1');
    expect(targetHref('withdrawal', 'w1')).toBe('/admin/withdrawals/w1');
    expect(targetHref('kyc', 'k1')).toBe('/admin/kyc/k1');
    expect(targetHref('site_settings', '1')).toBeNull();
    expect(targetHref('user', null)).toBeNull();
    expect(targetHref('user', 'a b')).toBe('/admin/users/a%20b');
  });
});

describe('before and after', () => {
  it('lists only the keys that changed, with text values', () => {
    expect(
      auditChanges(
        { fullName: 'Ann', email: 'a@x.io', flags: { a: 1 } },
        { fullName: '<b>x</b>', email: 'a@x.io', flags: { a: 2 } },
      ),
    ).toEqual([
      { key: 'fullName', before: 'Ann', after: '<b>x</b>' },
      { key: 'flags', before: '{"a":1}', after: '{"a":2}' },
    ]);
  });

  it('treats a key on one side only as a change, and a missing side as absent', () => {
    expect(auditChanges(null, { purpose: 'kyc', ownerId: null })).toEqual([
      { key: 'purpose', before: null, after: 'kyc' },
      { key: 'ownerId', before: null, after: 'null' },
    ]);
    expect(auditChanges({ note: 'x' }, {})).toEqual([{ key: 'note', before: 'x', after: null }]);
  });

  it('has nothing to show when neither side has anything', () => {
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('compares non-object values whole', () => {
    expect(auditChanges(['US'], ['US', 'DE'])).toEqual([
      { key: '', before: '["US"]', after: '["US","DE"]' },
    ]);
    expect(auditChanges('a', 'a')).toEqual([]);
  });

  it('stringifies values, keeping strings as they are', () => {
    expect(valueText('<script>')).toBe('<script>');
    expect(valueText(true)).toBe('true');
    expect(valueText(null)).toBe('null');
    expect(valueText(12)).toBe('12');
    const long = { text: 'x'.repeat(70) };
    expect(valueText(long)).toBe(`{\n  "text": "${'x'.repeat(70)}"\n}`);
  });

  it('reads micro-unit settings in USDT and percent', () => {
    expect(microsReading('transferChargeMicroPercent', '2500000')).toBe('2.5 %');
    expect(microsReading('tradeMinMicros', '10000000')).toBe('10 USDT');
    expect(microsReading('tradeMinMicros', null)).toBeNull();
    expect(microsReading('fullName', '100')).toBeNull();
    expect(microsReading('tradeMinMicros', '1e5')).toBeNull();
  });
});
