import { describe, expect, it } from 'vitest';
import type { WithdrawMethod } from '../../../../common/contract';
import {
  EMPTY_METHOD_FORM,
  checkMethodForm,
  depositMethodRequest,
  formFieldOf,
  methodFields,
  methodFormValues,
  parseFeePercent,
  parsePositive,
  withdrawMethodRequest,
  type MethodFormValues,
} from './method-form-model';

const VALID: MethodFormValues = {
  coinName: 'Tether',
  coinSymbol: 'usdt',
  paymentAddressType: 'TRC20',
  paymentAddress: 'TQrY8tryqsYVCYS3MFbtffiPp2ccyn4STm',
  currencyUsdt: 'usdt',
  minAmount: '10',
  maxAmount: '5000.5',
  conversionPrice: '1',
  charge: '2.5',
  info: '  Arrives within a day.  ',
  infoEs: '',
  infoFr: '',
  infoDe: ' Kommt innerhalb eines Tages an. ',
  infoZh: '',
};

const errorOf = (values: Partial<MethodFormValues>, field: keyof MethodFormValues) =>
  checkMethodForm({ ...VALID, ...values }, 'withdraw')[field]?.message;

describe('amounts and prices', () => {
  it('are above zero with at most six decimals, a decimal comma read as a point', () => {
    expect(parsePositive('0.000001')).toEqual({ ok: true, micros: 1n });
    expect(parsePositive(' 12,5 ')).toEqual({ ok: true, micros: 12_500_000n });
    const error = (text: string) => {
      const check = parsePositive(text);
      return check.ok ? undefined : check.error.message;
    };
    expect(error('')).toBe('This field is required');
    expect(error('0')).toBe('Must be greater than 0');
    expect(error('-5')).toBe('Must be greater than 0');
    expect(error('1.0000001')).toBe('Use at most 6 decimals');
    expect(error('99999999999999')).toBe('This number is too large');
    expect(error('1e3')).toBe('Enter a number, such as 25 or 0.5');
    expect(error('abc')).toBe('Enter a number, such as 25 or 0.5');
  });

  it('need the minimum not above the maximum', () => {
    expect(errorOf({ minAmount: '100', maxAmount: '100' }, 'maxAmount')).toBeUndefined();
    expect(errorOf({ minAmount: '100', maxAmount: '99.999999' }, 'maxAmount')).toBe(
      'Must be at least the minimum amount',
    );
    // A broken minimum is reported once, under the minimum.
    expect(errorOf({ minAmount: 'x', maxAmount: '1' }, 'maxAmount')).toBeUndefined();
  });

  it('need a maximum whose coin amount at the conversion price can be stored', () => {
    const cheap = { minAmount: '1', conversionPrice: '0.000001' };
    expect(errorOf({ ...cheap, maxAmount: '92233.720368' }, 'maxAmount')).toBeUndefined();
    expect(errorOf({ ...cheap, maxAmount: '999999999999' }, 'maxAmount')).toBe(
      'At this conversion price the maximum can be at most {largest}',
    );
  });
});

describe('the withdraw fee', () => {
  it('is 0 up to below 100 percent', () => {
    expect(parseFeePercent('0')).toEqual({ ok: true, micros: 0n });
    expect(parseFeePercent('99.999999')).toEqual({ ok: true, micros: 99_999_999n });
    for (const bad of ['100', '150', '-1', '99999999999999']) {
      const check = parseFeePercent(bad);
      expect(check.ok ? undefined : check.error.message, bad).toBe(
        'Use a percent from 0 to below 100.',
      );
    }
    const decimals = parseFeePercent('1.1234567');
    expect(decimals.ok ? undefined : decimals.error.message).toBe('Use at most 6 decimals');
  });
});

describe('the texts', () => {
  it('are required and within the server limits', () => {
    expect(errorOf({ coinName: ' ' }, 'coinName')).toBe('This field is required');
    expect(errorOf({ coinName: 'a'.repeat(50) }, 'coinName')).toBeUndefined();
    expect(errorOf({ coinName: 'a'.repeat(51) }, 'coinName')).toBe(
      'Must be at most {maxText} characters',
    );
    expect(errorOf({ paymentAddress: 'a'.repeat(129) }, 'paymentAddress')).toBe(
      'Must be at most {maxText} characters',
    );
    expect(errorOf({ info: 'a'.repeat(1001) }, 'info')).toBe(
      'Must be at most {maxText} characters',
    );
    expect(errorOf({ info: '' }, 'info')).toBeUndefined();
  });

  it('follow the server patterns', () => {
    expect(errorOf({ paymentAddressType: 'bep-20' }, 'paymentAddressType')).toBeUndefined();
    expect(errorOf({ paymentAddressType: 'BEP 20' }, 'paymentAddressType')).toMatch(/hyphens/);
    expect(errorOf({ paymentAddress: 'abc def' }, 'paymentAddress')).toBe(
      'An address has no spaces.',
    );
    expect(errorOf({ coinSymbol: 'B' }, 'coinSymbol')).toMatch(/2 to 10/);
    expect(errorOf({ currencyUsdt: 'US-DT' }, 'currencyUsdt')).toMatch(/2 to 10/);
    expect(errorOf({ currencyUsdt: 'USDTUSDTUSD' }, 'currencyUsdt')).toBeDefined();
  });
});

describe('the two kinds share one form', () => {
  it('checks the fee and info only for withdraw methods', () => {
    const values = { ...VALID, charge: '', info: 'x'.repeat(2000) };
    expect(checkMethodForm(values, 'deposit')).toEqual({});
    expect(Object.keys(checkMethodForm(values, 'withdraw'))).toEqual(['charge', 'info']);
    expect(methodFields('deposit')).not.toContain('charge');
    expect(methodFields('withdraw')).toEqual([
      ...methodFields('deposit'),
      'charge',
      'info',
      'infoEs',
      'infoFr',
      'infoDe',
      'infoZh',
    ]);
  });

  it('reports errors in the order of the fields', () => {
    const errors = checkMethodForm(EMPTY_METHOD_FORM, 'withdraw');
    expect(Object.keys(errors)).toEqual([
      'coinName',
      'coinSymbol',
      'paymentAddressType',
      'paymentAddress',
      'minAmount',
      'maxAmount',
      'conversionPrice',
      'charge',
    ]);
  });
});

describe('the requests', () => {
  it('send trimmed texts, codes in their case and six-decimal amounts', () => {
    expect(depositMethodRequest(VALID)).toEqual({
      coinName: 'Tether',
      coinSymbol: 'USDT',
      paymentAddressType: 'trc20',
      paymentAddress: 'TQrY8tryqsYVCYS3MFbtffiPp2ccyn4STm',
      currencyUsdt: 'USDT',
      minAmount: '10.000000',
      maxAmount: '5000.500000',
      conversionPrice: '1.000000',
    });
    expect(withdrawMethodRequest(VALID)).toMatchObject({
      info: 'Arrives within a day.',
      infoTranslations: { es: '', fr: '', de: 'Kommt innerhalb eines Tages an.', zh: '' },
      charge: '2.500000',
    });
    expect(depositMethodRequest(VALID)).not.toHaveProperty('charge');
  });

  it('refuse a form that was not checked', () => {
    expect(() => depositMethodRequest({ ...VALID, minAmount: '0' })).toThrow(RangeError);
  });

  it('fill the form from a saved method as one would type it', () => {
    const method: WithdrawMethod = {
      _id: 'm1',
      coinName: 'Bitcoin',
      paymentAddressType: 'btc',
      paymentAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      minAmount: '50.000000',
      maxAmount: '10000.000000',
      conversionPrice: '65000.125000',
      currencyUsdt: 'USDT',
      coinSymbol: 'BTC',
      info: 'Sent once a day.',
      infoTranslations: { zh: '每天发送一次。' },
      charge: '1.500000',
    };
    const values = methodFormValues(method);
    expect(values).toEqual({
      coinName: 'Bitcoin',
      coinSymbol: 'BTC',
      paymentAddressType: 'BTC',
      paymentAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      currencyUsdt: 'USDT',
      minAmount: '50',
      maxAmount: '10000',
      conversionPrice: '65000.125',
      charge: '1.5',
      info: 'Sent once a day.',
      infoEs: '',
      infoFr: '',
      infoDe: '',
      infoZh: '每天发送一次。',
    });
    expect(checkMethodForm(values, 'withdraw')).toEqual({});
    expect(withdrawMethodRequest(values).conversionPrice).toBe('65000.125000');
  });
});

describe('the instructions in other languages', () => {
  it('are each within the length of the English text', () => {
    expect(errorOf({ infoZh: '字'.repeat(1001) }, 'infoZh')).toBe(
      'Must be at most {maxText} characters',
    );
    expect(errorOf({ infoZh: '字'.repeat(1000) }, 'infoZh')).toBeUndefined();
  });

  it('take the server refusal of one language under its own field', () => {
    expect(formFieldOf('infoTranslations.de')).toBe('infoDe');
    expect(formFieldOf('info')).toBe('info');
    expect(formFieldOf(undefined)).toBeUndefined();
  });
});
