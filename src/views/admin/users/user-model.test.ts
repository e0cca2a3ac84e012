import { describe, expect, it } from 'vitest';
import {
  adjustmentFourEyesFrom,
  adjustmentNeedsApproval,
  checkAdjustment,
  ledgerKindLabel,
  parseUserSearch,
  profileErrors,
  profileRequest,
  userBadges,
  userSearchHref,
  type AdjustmentValues,
  type ProfileValues,
} from './user-model';

const USDT = 1_000_000n;

describe('the user list address', () => {
  it('reads the search and the page, with page 1 for anything odd', () => {
    expect(parseUserSearch('')).toEqual({ q: '', page: 1 });
    expect(parseUserSearch('?q=alice&page=3')).toEqual({ q: 'alice', page: 3 });
    expect(parseUserSearch('q=%20bob%40x.io%20')).toEqual({ q: 'bob@x.io', page: 1 });
    expect(parseUserSearch('?page=0')).toEqual({ q: '', page: 1 });
    expect(parseUserSearch('?page=-4')).toEqual({ q: '', page: 1 });
    expect(parseUserSearch('?page=2.5')).toEqual({ q: '', page: 1 });
    expect(parseUserSearch('?page=999999')).toEqual({ q: '', page: 10_000 });
    expect(parseUserSearch(`?q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('writes the address with the defaults left out, and reads it back', () => {
    expect(userSearchHref({ q: '', page: 1 })).toBe('/admin/users');
    expect(userSearchHref({ q: '  ', page: 2 })).toBe('/admin/users?page=2');
    const href = userSearchHref({ q: 'a&b=c #1', page: 4 });
    expect(href).toBe('/admin/users?q=a%26b%3Dc+%231&page=4');
    expect(parseUserSearch(href.split('?')[1] ?? '')).toEqual({ q: 'a&b=c #1', page: 4 });
  });
});

describe('user badges', () => {
  const plain = {
    isVerified: false,
    isVerificationPending: false,
    disabled: false,
    tradingAllowed: true,
    withdrawalsAllowed: true,
  };
  const keys = (flags: Partial<typeof plain>) =>
    userBadges({ ...plain, ...flags }).map((badge) => badge.key);

  it('shows nothing for an ordinary account', () => {
    expect(keys({})).toEqual([]);
  });

  it('puts the serious ones first, and pending only while not verified', () => {
    expect(
      keys({ disabled: true, tradingAllowed: false, withdrawalsAllowed: false, isVerified: true }),
    ).toEqual(['disabled', 'tradingStopped', 'withdrawalsStopped', 'verified']);
    expect(keys({ isVerificationPending: true })).toEqual(['kycPending']);
    expect(keys({ isVerified: true, isVerificationPending: true })).toEqual(['verified']);
  });
});

describe('the profile form', () => {
  const valid: ProfileValues = {
    fullName: 'Hedy Lamarr',
    username: 'hedy_1942',
    email: 'hedy@example.com',
    phoneNumber: '+1 310 555 0142',
    appNotice: '',
  };

  it('accepts a valid profile and an empty notice', () => {
    expect(profileErrors(valid)).toEqual({});
  });

  it('applies the sign-up rules and the notice limit', () => {
    const errors = profileErrors({
      fullName: ' ',
      username: 'h!',
      email: 'nope',
      phoneNumber: '',
      appNotice: 'x'.repeat(1001),
    });
    expect(Object.keys(errors).sort()).toEqual(
      ['appNotice', 'email', 'fullName', 'phoneNumber', 'username'].sort(),
    );
  });

  it('trims the fields and clears an empty notice with null', () => {
    expect(profileRequest('u1', { ...valid, fullName: ' Hedy ', appNotice: '  ' })).toEqual({
      id: 'u1',
      fullName: 'Hedy',
      username: 'hedy_1942',
      email: 'hedy@example.com',
      phoneNumber: '+1 310 555 0142',
      appNotice: null,
    });
    expect(profileRequest('u1', { ...valid, appNotice: ' Hello ' }).appNotice).toBe('Hello');
  });
});

describe('the balance adjustment', () => {
  const values = (patch: Partial<AdjustmentValues>): AdjustmentValues => ({
    direction: 'credit',
    amount: '25',
    reason: 'Goodwill credit',
    ...patch,
  });

  it('signs the amount by the chosen direction, exactly', () => {
    const credit = checkAdjustment(values({ amount: '25.5' }), 0n);
    expect(credit).toEqual({
      ok: true,
      request: { amount: '25.500000', reason: 'Goodwill credit' },
      micros: 25_500_000n,
    });
    const debit = checkAdjustment(values({ direction: 'debit', amount: '0.000001' }), USDT);
    expect(debit.ok && debit.request.amount).toBe('-0.000001');
    expect(debit.ok && debit.micros).toBe(-1n);
  });

  it('refuses signs, zero, too many decimals, words and more than the limit', () => {
    for (const amount of ['', '-5', '+5', '0', '0.0000001', 'ten', '1e3', '1000000.000001']) {
      const result = checkAdjustment(values({ amount }), 0n);
      expect(result.ok, amount).toBe(false);
      expect(!result.ok && result.errors.amount, amount).toBeTruthy();
    }
    expect(checkAdjustment(values({ amount: '1000000' }), 0n).ok).toBe(true);
  });

  it('lets a debit take the available balance to zero, not below', () => {
    expect(checkAdjustment(values({ direction: 'debit', amount: '10' }), 10n * USDT).ok).toBe(true);
    const over = checkAdjustment(values({ direction: 'debit', amount: '10.01' }), 10n * USDT);
    expect(!over.ok && over.errors.amount?.values).toEqual({ available: '10.00' });
    // A credit is never limited by the balance.
    expect(checkAdjustment(values({ amount: '10.01' }), 0n).ok).toBe(true);
  });

  it('needs a reason of 3 to 500 characters, trimmed', () => {
    expect(checkAdjustment(values({ reason: '  ab  ' }), 0n).ok).toBe(false);
    expect(checkAdjustment(values({ reason: 'x'.repeat(501) }), 0n).ok).toBe(false);
    const ok = checkAdjustment(values({ reason: '  abc  ' }), 0n);
    expect(ok.ok && ok.request.reason).toBe('abc');
  });
});

describe('an adjustment that needs a second admin', () => {
  it('from the dual-approval threshold, at most 10,000 USDT, unknown while it loads', () => {
    expect(adjustmentFourEyesFrom('50.000000')).toBe(50n * USDT);
    expect(adjustmentFourEyesFrom('20000.000000')).toBe(10_000n * USDT);
    expect(adjustmentFourEyesFrom(null)).toBe(10_000n * USDT);
    expect(adjustmentFourEyesFrom(undefined)).toBeNull();
  });

  it('either way, at or above it', () => {
    expect(adjustmentNeedsApproval(50n * USDT, 50n * USDT)).toBe(true);
    expect(adjustmentNeedsApproval(-50n * USDT, 50n * USDT)).toBe(true);
    expect(adjustmentNeedsApproval(50n * USDT - 1n, 50n * USDT)).toBe(false);
    expect(adjustmentNeedsApproval(10n ** 12n, null)).toBe(false);
  });
});

describe('ledger kinds', () => {
  it('names the known kinds and shows others as recorded', () => {
    expect(typeof ledgerKindLabel('adjustment')).toBe('object');
    expect(ledgerKindLabel('something_new')).toBe('something_new');
    expect(ledgerKindLabel('toString')).toBe('toString');
  });
});
