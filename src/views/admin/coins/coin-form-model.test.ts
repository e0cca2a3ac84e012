import { describe, expect, it } from 'vitest';
import type { AdminCoin } from '../../../../common/contract';
import {
  checkCoinForm,
  coinFormValues,
  createCoinRequest,
  parseSortOrder,
  symbolInput,
  updateCoinRequest,
  type CoinFormErrors,
} from './coin-form-model';

const messages = (errors: CoinFormErrors) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error.message]));

const COIN: AdminCoin = {
  _id: '6f1c2a52-8d1e-4c43-9a56-0d3b0c9d1e11',
  symbol: 'BTC',
  name: 'Bitcoin',
  sortOrder: 1,
  createdAt: '2026-01-05T10:00:00.000Z',
};

describe('the coin symbol', () => {
  it('is upper-cased as typed, without spaces', () => {
    expect(symbolInput('btc')).toBe('BTC');
    expect(symbolInput(' sol 2 ')).toBe('SOL2');
  });

  it('takes 2 to 15 letters or digits, like the server', () => {
    const check = (symbol: string) =>
      checkCoinForm({ symbol, name: 'A coin', sortOrder: '' }, 'create').symbol?.message;
    expect(check('BTC')).toBeUndefined();
    expect(check('1INCH')).toBeUndefined();
    expect(check('ABCDEFGHIJKLMNO')).toBeUndefined();
    expect(check('')).toBe('Symbol is required');
    expect(check('B')).toMatch(/2 to 15/);
    expect(check('ABCDEFGHIJKLMNOP')).toMatch(/2 to 15/);
    expect(check('BTC-USD')).toMatch(/2 to 15/);
    expect(check('ÄBC')).toMatch(/2 to 15/);
  });

  it('is not checked when editing, since it never changes', () => {
    expect(checkCoinForm({ symbol: '', name: 'Bitcoin', sortOrder: '1' }, 'edit')).toEqual({});
  });
});

describe('the coin name', () => {
  it('is 1 to 50 characters after trimming', () => {
    const check = (name: string) =>
      checkCoinForm({ symbol: 'BTC', name, sortOrder: '' }, 'create').name?.message;
    expect(check('Bitcoin')).toBeUndefined();
    expect(check(`  ${'a'.repeat(50)}  `)).toBeUndefined();
    expect(check('   ')).toBe('Name is required');
    expect(check('a'.repeat(51))).toBe('Must be at most {maxText} characters');
  });
});

describe('the sort order', () => {
  it('is optional when creating and required when editing', () => {
    expect(parseSortOrder('', true)).toEqual({ ok: true, sortOrder: undefined });
    expect(parseSortOrder('  ', false).ok).toBe(false);
  });

  it('is a whole number within ±1,000,000', () => {
    expect(parseSortOrder('10', false)).toEqual({ ok: true, sortOrder: 10 });
    expect(parseSortOrder('-5', false)).toEqual({ ok: true, sortOrder: -5 });
    expect(parseSortOrder('\u22125', false)).toEqual({ ok: true, sortOrder: -5 });
    expect(parseSortOrder('-0', false)).toEqual({ ok: true, sortOrder: 0 });
    expect(parseSortOrder('1000000', false)).toEqual({ ok: true, sortOrder: 1_000_000 });
    for (const bad of ['1000001', '-1000001', '1.5', '2.0', '1e3', 'ten', '0x10']) {
      expect(parseSortOrder(bad, false).ok, bad).toBe(false);
    }
  });
});

describe('the requests', () => {
  it('creates with a trimmed, upper-case symbol, and no sort order when left blank', () => {
    expect(createCoinRequest({ symbol: ' doge ', name: ' Dogecoin ', sortOrder: '' })).toEqual({
      symbol: 'DOGE',
      name: 'Dogecoin',
    });
    expect(createCoinRequest({ symbol: 'DOGE', name: 'Dogecoin', sortOrder: '7' })).toEqual({
      symbol: 'DOGE',
      name: 'Dogecoin',
      sortOrder: 7,
    });
  });

  it('updates only what changed, and nothing when nothing did', () => {
    const values = coinFormValues(COIN);
    expect(values).toEqual({ symbol: 'BTC', name: 'Bitcoin', sortOrder: '1' });
    expect(updateCoinRequest(COIN, values)).toBeNull();
    expect(updateCoinRequest(COIN, { ...values, name: ' Bitcoin ' })).toBeNull();
    expect(updateCoinRequest(COIN, { ...values, name: 'Bitcoin (BTC)' })).toEqual({
      id: COIN._id,
      name: 'Bitcoin (BTC)',
    });
    expect(updateCoinRequest(COIN, { ...values, sortOrder: '3' })).toEqual({
      id: COIN._id,
      sortOrder: 3,
    });
  });

  it('reports every problem of a bad form at once', () => {
    expect(messages(checkCoinForm({ symbol: 'x', name: '', sortOrder: 'a' }, 'create'))).toEqual({
      symbol: 'Use 2 to 15 letters or digits, such as BTC.',
      name: 'Name is required',
      sortOrder: 'Enter a whole number, such as 10.',
    });
  });
});
