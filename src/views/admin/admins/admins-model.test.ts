import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../services/api-error';
import { fieldErrorMessages } from '../../../services/error-messages';
import {
  CREATE_ADMIN_FIELDS,
  adminAccountAction,
  createAdminRequest,
  isOwnAccount,
  ownPasswordRefusal,
  validateCreateAdmin,
  validateOwnPassword,
  type CreateAdminValues,
} from './admins-model';

const VALID = {
  fullName: 'Second Admin',
  username: 'second_admin',
  email: 'second@example.com',
  phoneNumber: '',
  password: 'Correct-Horse-42',
  confirmPassword: 'Correct-Horse-42',
};

describe('the new-admin form', () => {
  it('accepts a complete form without a phone', () => {
    expect(validateCreateAdmin(VALID)).toEqual({});
  });

  it('applies the sign-up rules to every field', () => {
    const empty = Object.fromEntries(
      CREATE_ADMIN_FIELDS.map((field) => [field, '']),
    ) as CreateAdminValues;
    expect(validateCreateAdmin(empty)).toEqual({
      fullName: fieldErrorMessages.fullNameRequired,
      username: fieldErrorMessages.usernameRequired,
      email: fieldErrorMessages.emailRequired,
      password: fieldErrorMessages.passwordRequired,
      confirmPassword: fieldErrorMessages.confirmRequired,
    });
    expect(
      validateCreateAdmin({
        ...VALID,
        username: 'a b',
        email: 'nope',
        phoneNumber: 'abc',
        password: 'x-nope-x',
        confirmPassword: 'other',
      }),
    ).toEqual({
      username: fieldErrorMessages.usernameChars,
      email: fieldErrorMessages.emailInvalid,
      phoneNumber: fieldErrorMessages.phoneInvalid,
      password: fieldErrorMessages.passwordContainsName,
      confirmPassword: fieldErrorMessages.passwordsMustMatch,
    });
  });

  it('sends trimmed fields and leaves an empty phone out', () => {
    expect(createAdminRequest({ ...VALID, fullName: ' Second Admin ', email: ' s@x.io ' })).toEqual(
      {
        fullName: 'Second Admin',
        username: 'second_admin',
        email: 's@x.io',
        password: 'Correct-Horse-42',
      },
    );
    expect(createAdminRequest({ ...VALID, phoneNumber: ' +1 555 0100 ' }).phoneNumber).toBe(
      '+1 555 0100',
    );
  });
});

describe('the own-password form', () => {
  const account = { username: 'admin', email: 'admin@tradewallet.local' };

  it('wants the current password, a valid new one and the same confirmation', () => {
    const errors = validateOwnPassword(
      { currentPassword: '', password: '123', confirmPassword: '1234' },
      account,
    );
    expect(Object.keys(errors)).toEqual(['currentPassword', 'password', 'confirmPassword']);
    expect(errors.password).toBe(fieldErrorMessages.passwordTooShort);
    expect(
      validateOwnPassword(
        { currentPassword: 'old', password: 'New-Secret-77', confirmPassword: 'New-Secret-77' },
        account,
      ),
    ).toEqual({});
  });

  it('puts a wrong current password under its field', () => {
    const refusal = ownPasswordRefusal(
      new ApiError({
        status: 400,
        serverMessage: 'Your current password is not correct.',
        code: 'field',
        field: 'currentPassword',
      }),
    );
    expect(refusal.field).toBe('currentPassword');
  });

  it('puts a refused new password under its field with the rule', () => {
    const refusal = ownPasswordRefusal(
      new ApiError({
        status: 400,
        code: 'field',
        field: 'password',
        fieldCode: 'passwordTooCommon',
      }),
    );
    expect(refusal).toEqual({ field: 'password', message: fieldErrorMessages.passwordTooCommon });
  });
});

describe('the own account', () => {
  it('is found by email, case-blind', () => {
    expect(isOwnAccount({ email: 'Admin@TradeWallet.local' }, 'admin@tradewallet.local')).toBe(
      true,
    );
    expect(isOwnAccount({ email: 'other@x.io' }, 'admin@tradewallet.local')).toBe(false);
    expect(isOwnAccount({ email: 'other@x.io' }, undefined)).toBe(false);
  });
});

describe('disabling and enabling admins', () => {
  const own = 'ops@example.com';

  it('offers nothing on your own account, nor before it is known', () => {
    expect(adminAccountAction({ email: 'OPS@example.com', disabledAt: null }, own)).toBe('none');
    expect(adminAccountAction({ email: 'b@example.com', disabledAt: null }, undefined)).toBe(
      'none',
    );
  });

  it('disables an enabled admin, asks to enable a disabled one', () => {
    expect(adminAccountAction({ email: 'b@example.com', disabledAt: null }, own)).toBe('disable');
    expect(
      adminAccountAction({ email: 'b@example.com', disabledAt: '2026-11-20T10:00:00.000Z' }, own),
    ).toBe('enable');
  });
});
