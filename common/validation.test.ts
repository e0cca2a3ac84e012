import { describe, expect, it } from 'vitest';
import { checkPassword, checkRegistration } from './validation';

const valid = {
  fullName: 'Ada Lovelace',
  username: 'ada_l',
  email: 'ada@example.com',
  phoneNumber: '+44 20 7946 0958',
  password: 'Analytical-Engine-1843',
};

describe('registration rules', () => {
  it('accepts a valid registration', () => {
    expect(checkRegistration(valid)).toEqual({});
  });

  it('reports one code per failing field', () => {
    expect(
      checkRegistration({
        fullName: '',
        username: 'x',
        email: 'nope',
        phoneNumber: 'abc',
        password: '123',
      }),
    ).toEqual({
      fullName: 'fullNameRequired',
      username: 'usernameLength',
      email: 'emailInvalid',
      phoneNumber: 'phoneInvalid',
      password: 'passwordTooShort',
    });
  });

  it('refuses passwords that contain the username or email name, or are common', () => {
    expect(checkPassword('my-ada_l-pass', { username: 'ada_l' })).toBe('passwordContainsName');
    expect(checkPassword('ada123456', { email: 'ada@example.com' })).toBe('passwordContainsName');
    expect(checkPassword('qwerty123', { isCommon: (p) => p === 'qwerty123' })).toBe(
      'passwordTooCommon',
    );
    expect(checkPassword('')).toBe('passwordRequired');
  });
});
