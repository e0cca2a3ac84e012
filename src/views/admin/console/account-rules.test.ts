import { describe, expect, it } from 'vitest';
import { newPasswordErrors } from './account-rules';

describe('the password reset', () => {
  const user = { username: 'hedy_1942', email: 'hedy@example.com' };

  it('applies the shared rules and needs the same password twice', () => {
    expect(
      newPasswordErrors({ password: 'Frequency-Hop', confirmPassword: 'Frequency-Hop' }, user),
    ).toEqual({});
    const errors = newPasswordErrors({ password: 'abc', confirmPassword: '' }, user);
    expect(errors.password?.id).toBeTruthy();
    expect(errors.confirmPassword).toBeTruthy();
    const mismatch = newPasswordErrors(
      { password: 'Frequency-Hop', confirmPassword: 'Frequency-hop' },
      user,
    );
    expect(Object.keys(mismatch)).toEqual(['confirmPassword']);
    expect(
      Object.keys(newPasswordErrors({ password: 'my-hedy_1942', confirmPassword: 'x' }, user)),
    ).toContain('password');
  });
});
