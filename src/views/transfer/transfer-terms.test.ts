import { describe, expect, it } from 'vitest';
import { transferDraft, transferTerms, validateTransfer } from './transfer-terms';

const setting = {
  whatsappLink: null,
  telegramLink: null,
  emailLink: null,
  chatWidgetUrl: null,
  transferMin: '5.000000',
  transferCharge: '1.500000',
};

describe('transfer terms', () => {
  it('falls back to minimum 0 and fee 1 % without site settings', () => {
    expect(transferTerms(undefined, '10.000000')).toEqual({
      minMicros: 0n,
      feeMicroPercent: 1_000_000n,
      balanceMicros: 10_000_000n,
    });
  });

  it('checks the Pay ID, the minimum and the balance', () => {
    const terms = transferTerms(setting, '50.000000');
    expect(validateTransfer({ receivePId: ' ', amount: '4' }, terms)).toMatchObject({
      receivePId: { message: 'Receiver Pay ID is required' },
      amount: { message: 'Minimum amount is {min} USDT', values: { min: '5.00' } },
    });
    expect(validateTransfer({ receivePId: '22222222', amount: '50.000001' }, terms)).toMatchObject({
      amount: { message: 'You cannot transfer more than your balance.' },
    });
    expect(validateTransfer({ receivePId: '22222222', amount: '50' }, terms)).toEqual({});
  });

  it('sends fee and net as the exact six-decimal strings of splitFee', () => {
    const terms = transferTerms(setting, '500.000000');
    expect(transferDraft(' 22222222 ', 33_333_333n, terms)).toEqual({
      amount: '33.333333',
      receivePId: '22222222',
      needToPay: '32.833333',
      chargeAmount: '0.500000',
    });
  });
});
