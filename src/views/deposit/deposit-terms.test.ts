import { describe, expect, it } from 'vitest';
import type { DepositMethod } from '../../../common/contract';
import {
  depositCheckoutState,
  depositRequest,
  depositTerms,
  readDepositCheckoutState,
  validateDeposit,
} from './deposit-terms';

const btc: DepositMethod = {
  _id: 'm-btc',
  coinName: 'Bitcoin',
  paymentAddressType: 'btc',
  paymentAddress: 'bc1qexampleaddress',
  minAmount: '10.000000',
  maxAmount: '5000.000000',
  conversionPrice: '65000.000000',
  currencyUsdt: 'USDT',
  coinSymbol: 'BTC',
};
const terms = depositTerms(depositCheckoutState(btc));
const ready = { screenshotUrl: '/files/a.png', uploading: false };

describe('deposit terms', () => {
  it('carries the method under the spec names, and reads them back from history', () => {
    const state = depositCheckoutState(btc);
    expect(state).toEqual({
      name: 'Bitcoin',
      label: 'btc',
      address: 'bc1qexampleaddress',
      minDeposit: '10.000000',
      maxDeposit: '5000.000000',
      conversionRate: '65000.000000',
      currencyUsdt: 'USDT',
      coinSymbol: 'BTC',
    });
    expect(readDepositCheckoutState({ ...state, twDepth: 3 })).toEqual(state);
    expect(readDepositCheckoutState({ ...state, minDeposit: 10 })).toBeNull();
    expect(readDepositCheckoutState(null)).toBeNull();
  });

  it('checks the amount against the limits, and the screenshot', () => {
    expect(validateDeposit({ amount: '100', ...ready }, terms)).toEqual({});
    const low = validateDeposit({ amount: '5', ...ready }, terms).amount;
    expect(low?.message).toBe('Minimum is {min} {currency}');
    expect(low?.values).toEqual({ min: '10.00', currency: 'USDT' });
    const high = validateDeposit({ amount: '5000.01', ...ready }, terms).amount;
    expect(high?.values).toEqual({ max: '5,000.00', currency: 'USDT' });
    expect(
      validateDeposit({ amount: '100', screenshotUrl: null, uploading: false }, terms).screenshot
        ?.message,
    ).toBe('Transaction screenshot is required');
  });

  it('sends the conversion as amount ÷ rate in the gateway coin, exactly', () => {
    expect(depositRequest('m-btc', 100_000_000n, terms, '/files/a.png')).toEqual({
      gatWay: 'm-btc',
      amount: '100.000000',
      coinConversion: '0.00153846',
      transactionScreenshot: '/files/a.png',
    });
  });
});
