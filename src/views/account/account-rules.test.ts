import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { FIELD_ERRORS, type FieldErrorCode } from '../../../common/validation';
import { fieldErrorMessages } from '../../services/error-messages';
import {
  profileChanged,
  validatePassword,
  validateProfile,
  type PasswordValues,
} from './account-rules';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

/** What the form shows for a rule (the app's own text), and what the server answers. */
function texts(code: FieldErrorCode | undefined) {
  if (code === undefined) throw new Error('expected a failing rule');
  return { shown: i18n._(fieldErrorMessages[code]), server: FIELD_ERRORS[code] };
}

const strong = 'Granite-Meadow-88';
const current = 'Violet-Harbor-71';
const password = (values: Partial<PasswordValues>) =>
  validatePassword({
    currentPassword: current,
    password: strong,
    confirmPassword: strong,
    ...values,
  });

describe('password form (docs/product.md §5)', () => {
  it('needs the current password, with its own message', () => {
    const errors = password({ currentPassword: '' });
    expect(Object.keys(errors)).toEqual(['currentPassword']);
    expect(texts(errors.currentPassword)).toEqual({
      shown: 'Current password is required',
      server: 'Current password is required',
    });
  });

  it('shows the server’s refusal of a wrong current password in its own words', () => {
    expect(texts('currentPasswordIncorrect').shown).toBe('Your current password is not correct.');
  });

  it.each([
    ['', 'Password is required'],
    ['12345', 'Password must be at least 6 characters'],
  ])('password %j shows %s', (value, message) => {
    const errors = password({ password: value, confirmPassword: value });
    expect(texts(errors.password)).toEqual({ shown: message, server: message });
  });

  it.each([
    ['', 'Confirm password is required'],
    ['Granite-Meadow-89', 'Passwords must match'],
  ])('confirmation %j shows %s', (value, message) => {
    const errors = password({ confirmPassword: value });
    expect(errors.password).toBeUndefined();
    expect(texts(errors.confirmPassword)).toEqual({ shown: message, server: message });
  });

  it('accepts exactly 6 characters and a matching confirmation', () => {
    expect(password({ password: 'abc!23', confirmPassword: 'abc!23' })).toEqual({});
  });

  it('refuses, like the server, a password containing the username or the email name', () => {
    const errors = validatePassword(
      { currentPassword: current, password: 'alice-2026!', confirmPassword: 'alice-2026!' },
      { username: 'alice', email: 'someone@example.com' },
    );
    expect(texts(errors.password).shown).toBe('Password must not contain your username or email');
    const byEmail = validatePassword(
      { currentPassword: current, password: 'xx-martin-99', confirmPassword: 'xx-martin-99' },
      { username: 'alice', email: 'martin@example.com' },
    );
    expect(byEmail.password).toBe('passwordContainsName');
  });
});

describe('profile form', () => {
  const valid = { fullName: 'Alice Martin', phoneNumber: '+1 415 555 0101' };

  it('accepts a valid profile', () => {
    expect(validateProfile(valid)).toEqual({});
  });

  it.each([
    [{ fullName: '' }, 'fullName', 'Full name is required'],
    [{ fullName: '   ' }, 'fullName', 'Full name is required'],
    [{ fullName: 'x'.repeat(101) }, 'fullName', 'Full name must be at most 100 characters'],
    [{ phoneNumber: '' }, 'phoneNumber', 'Phone number is required'],
    [{ phoneNumber: 'call me' }, 'phoneNumber', 'Enter a valid phone number'],
    [{ phoneNumber: '12' }, 'phoneNumber', 'Enter a valid phone number'],
  ] as const)('%j shows on %s: %s', (override, field, message) => {
    const errors = validateProfile({ ...valid, ...override });
    expect(Object.keys(errors)).toEqual([field]);
    expect(texts(errors[field])).toEqual({ shown: message, server: message });
  });

  it('counts a change only when a value differs beyond surrounding spaces', () => {
    expect(profileChanged({ ...valid, fullName: ' Alice Martin ' }, valid)).toBe(false);
    expect(profileChanged({ ...valid, phoneNumber: '+1 415 555 0102' }, valid)).toBe(true);
  });
});
