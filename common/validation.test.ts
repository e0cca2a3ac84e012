import { describe, expect, it } from 'vitest';
import {
  checkDateOfBirth,
  checkKyc,
  FIELD_ERRORS,
  KYC_COUNTRIES,
  latestAdultDateOfBirth,
  latestIsoDateOnEarth,
  localIsoDate,
  parseAnnualIncome,
  type KycFields,
} from './validation';
import { checkEmail, checkPassword, checkRegistration, normalizeEmail } from './validation';

const valid = {
  fullName: 'Ada Lovelace',
  username: 'ada_l',
  email: 'ada@example.com',
  phoneNumber: '+44 20 7946 0958',
  password: 'Analytical-Engine-1843',
};

describe('email addresses', () => {
  it('have one form: trimmed, lower case, without the trailing dot of the domain', () => {
    for (const email of ['x@rt.example', ' X@RT.example ', 'x@rt.example.', 'x@RT.EXAMPLE..']) {
      expect(normalizeEmail(email)).toBe('x@rt.example');
    }
  });

  it('are checked in that form', () => {
    expect(checkEmail('x@rt.example.')).toBeUndefined();
    expect(checkEmail('x@.')).toBe('emailInvalid');
    expect(checkEmail('x@y.')).toBe('emailInvalid');
  });
});

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

describe('KYC rules (docs/product.md §5)', () => {
  const today = '2026-03-15';
  const valid: KycFields = {
    firstName: 'Ada',
    middleName: '',
    lastName: 'Lovelace',
    dateOfBirth: '1990-12-10',
    street: '12 St James Square',
    city: 'London',
    state: 'Greater London',
    postalCode: 'SW1Y 4JH',
    country: 'UK',
    employmentStatus: 'Employed',
    annualIncome: '50000',
    documentType: 'ID',
    idFront: '/files/a',
    idBack: '/files/b',
    cameraRoll: '/files/c',
  };
  /** The one message shown for `fields`, in the contract's words. */
  const messageFor = (change: Partial<KycFields>) => {
    const errors = Object.values(checkKyc({ ...valid, ...change }, today));
    expect(errors).toHaveLength(1);
    const code = errors[0];
    if (!code) throw new Error('no error');
    return FIELD_ERRORS[code];
  };

  it('accepts a complete form, with or without a middle name', () => {
    expect(checkKyc(valid, today)).toEqual({});
    expect(checkKyc({ ...valid, middleName: 'King' }, today)).toEqual({});
  });

  it.each([
    ['firstName', { firstName: ' ' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['dateOfBirth', { dateOfBirth: '' }, 'Date of Birth is required'],
    ['dateOfBirth', { dateOfBirth: '2026-03-16' }, 'Date of Birth cannot be in the future'],
    ['street', { street: '' }, 'Street address is required'],
    ['city', { city: '' }, 'City is required'],
    ['state', { state: '' }, 'State/Province is required'],
    ['postalCode', { postalCode: '' }, 'Postal Code is required'],
    ['country', { country: '' }, 'Country is required'],
    ['employmentStatus', { employmentStatus: '' }, 'Employment status is required'],
    ['annualIncome', { annualIncome: 'twelve' }, 'Annual income must be a number'],
    ['annualIncome', { annualIncome: '-1' }, 'Annual income cannot be negative'],
    ['annualIncome', { annualIncome: '' }, 'Annual income is required'],
    ['idFront', { idFront: '' }, 'Front ID image is required'],
    ['idBack', { idBack: '' }, 'Back ID image is required'],
    ['cameraRoll', { cameraRoll: '' }, 'Face scan is required'],
  ] as const)('%s: shows "%s"', (field, change, message) => {
    expect(Object.keys(checkKyc({ ...valid, ...change }, today))).toEqual([field]);
    expect(messageFor(change)).toBe(message);
  });

  it('refuses a birth after today, impossible and pre-1900 dates', () => {
    expect(checkDateOfBirth(today, today)).toBe('dateOfBirthUnderAge');
    expect(checkDateOfBirth('2026-03-16', today)).toBe('dateOfBirthFuture');
    expect(checkDateOfBirth('1900-01-01', today)).toBeUndefined();
    expect(checkDateOfBirth('1899-12-31', today)).toBe('dateOfBirthInvalid');
    expect(checkDateOfBirth('2001-02-29', today)).toBe('dateOfBirthInvalid');
    expect(checkDateOfBirth('2000-02-29', today)).toBeUndefined();
    expect(checkDateOfBirth('10/12/1990', today)).toBe('dateOfBirthInvalid');
  });

  it('refuses anyone under 18: the 18th birthday is allowed, the day before it is not', () => {
    expect(latestAdultDateOfBirth('2026-03-15')).toBe('2008-03-15');
    expect(checkDateOfBirth('2008-03-15', '2026-03-15')).toBeUndefined();
    expect(checkDateOfBirth('2008-03-16', '2026-03-15')).toBe('dateOfBirthUnderAge');
    expect(FIELD_ERRORS.dateOfBirthUnderAge).toBe('You must be 18 or older');
    // Born on 29 February: 18 on 1 March of a common year.
    expect(checkDateOfBirth('2008-02-29', '2026-02-28')).toBe('dateOfBirthUnderAge');
    expect(checkDateOfBirth('2008-02-29', '2026-03-01')).toBeUndefined();
  });

  it('judges "the future" on the server by the latest date anywhere on Earth', () => {
    // 11:00 UTC on 15 March is already 16 March at UTC+14.
    expect(latestIsoDateOnEarth(Date.UTC(2026, 2, 15, 11))).toBe('2026-03-16');
    expect(latestIsoDateOnEarth(Date.UTC(2026, 2, 15, 9))).toBe('2026-03-15');
    expect(localIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('parses the income exactly, from a string or a number', () => {
    expect(parseAnnualIncome('85000.50')).toEqual({ ok: true, micros: 85_000_500_000n });
    expect(parseAnnualIncome(0)).toEqual({ ok: true, micros: 0n });
    expect(parseAnnualIncome(0.1)).toEqual({ ok: true, micros: 100_000n });
    expect(parseAnnualIncome(-3)).toEqual({ ok: false, code: 'annualIncomeNegative' });
    expect(parseAnnualIncome('1e5')).toEqual({ ok: false, code: 'annualIncomeNotNumber' });
    expect(parseAnnualIncome(Number.NaN)).toEqual({ ok: false, code: 'annualIncomeNotNumber' });
    expect(parseAnnualIncome(undefined)).toEqual({ ok: false, code: 'annualIncomeRequired' });
    expect(parseAnnualIncome('9'.repeat(13))).toEqual({ ok: false, code: 'annualIncomeTooLarge' });
    expect(parseAnnualIncome('9'.repeat(20))).toEqual({ ok: false, code: 'annualIncomeTooLarge' });
  });

  it('takes only the listed countries and employment statuses', () => {
    expect(KYC_COUNTRIES).toEqual([
      'US',
      'UK',
      'CA',
      'DE',
      'FR',
      'CH',
      'NL',
      'SE',
      'NO',
      'FI',
      'DK',
      'AU',
      'NZ',
      'IE',
      'SG',
      'JP',
      'KR',
      'LU',
      'AE',
    ]);
    expect(checkKyc({ ...valid, country: 'GB' }, today)).toEqual({ country: 'countryInvalid' });
    expect(checkKyc({ ...valid, employmentStatus: 'Retired' }, today)).toEqual({});
    expect(checkKyc({ ...valid, employmentStatus: 'retired' }, today)).toEqual({
      employmentStatus: 'employmentStatusInvalid',
    });
  });

  it('bounds the lengths', () => {
    expect(checkKyc({ ...valid, city: 'x'.repeat(100) }, today)).toEqual({});
    expect(checkKyc({ ...valid, city: 'x'.repeat(101) }, today)).toEqual({
      city: 'kycTextTooLong',
    });
    expect(checkKyc({ ...valid, postalCode: '1'.repeat(13) }, today)).toEqual({
      postalCode: 'postalCodeInvalid',
    });
  });
});
