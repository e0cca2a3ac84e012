import { describe, expect, it } from 'vitest';
import type { WithdrawMethod } from '../../../common/contract';
import {
  validateWithdraw,
  withdrawCheckoutState,
  withdrawRequest,
  withdrawTerms,
} from './withdraw-terms';

const usdt: WithdrawMethod = {
  _id: 'w-usdt',
  coinName: 'Tether',
  paymentAddressType: 'trc20',
  paymentAddress: '',
  minAmount: '20.000000',
  maxAmount: '10000.000000',
  conversionPrice: '1.000000',
  currencyUsdt: 'USDT',
  coinSymbol: 'USDT',
  info: 'Arrives within 24 hours.',
  charge: '2.500000',
};
const terms = withdrawTerms(withdrawCheckoutState(usdt), '150.000000');
const address = 'TXabc123';

describe('withdraw terms', () => {
  it('checks amount and address with the texts of the contract', () => {
    expect(validateWithdraw({ amount: '100', paymentAddress: address }, terms)).toEqual({});
    expect(validateWithdraw({ amount: '', paymentAddress: '' }, terms)).toMatchObject({
      amount: { message: 'Amount is required' },
      paymentAddress: { message: 'Wallet address is required' },
    });
    expect(validateWithdraw({ amount: 'x', paymentAddress: address }, terms).amount?.message).toBe(
      'Amount must be a number',
    );
    expect(
      validateWithdraw({ amount: '19', paymentAddress: address }, terms).amount?.values,
    ).toEqual({ min: '20.00' });
    expect(
      validateWithdraw({ amount: '150.01', paymentAddress: address }, terms).amount?.message,
    ).toBe('You cannot withdraw more than your balance.');
  });

  it('sends the net and the fee percent the user saw', () => {
    expect(withdrawRequest('w-usdt', 100_000_000n, ` ${address} `, terms)).toEqual({
      gatWay: 'w-usdt',
      amount: '100.000000',
      coinConversion: '97.50000000',
      paymentAddress: address,
      needToPay: '97.500000',
      charge: '2.500000',
    });
  });
});
