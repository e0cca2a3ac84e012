import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { cancelStepUp, submitStepUpCode, withStepUp } from './step-up';

const refusal = (code: string) => new ApiError({ status: 403, code });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('withStepUp', () => {
  it('sends the same call again with the code the user gave; a wrong code asks again', async () => {
    const codes: (string | undefined)[] = [];
    const result = withStepUp(async (code) => {
      codes.push(code);
      if (code === undefined) throw refusal('two_factor_required');
      if (code !== '654321') throw refusal('two_factor_invalid');
      return 'sent';
    });
    await tick();
    submitStepUpCode('000000');
    await tick();
    submitStepUpCode('654321');
    await expect(result).resolves.toBe('sent');
    expect(codes).toEqual([undefined, '000000', '654321']);
  });

  it('fails with the refusal when the dialog is closed, and leaves other errors alone', async () => {
    const asked = withStepUp(async () => {
      throw refusal('two_factor_required');
    });
    await tick();
    cancelStepUp();
    await expect(asked).rejects.toMatchObject({ code: 'two_factor_required' });
    await expect(
      withStepUp(async () => {
        throw refusal('insufficient_funds');
      }),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
  });
});
