import { describe, expect, it } from 'vitest';
import type { AdminSiteSettings } from '../../../../common/contract';
import { parseCountryInput, regionCodes, withCountries } from './country-codes';
import {
  SECTION_FIELDS,
  changedFields,
  formFromSettings,
  loosensDualApproval,
  savedSettings,
  serverField,
  settingsUpdate,
  type SettingsForm,
} from './settings-model';
import { validateSettings } from './settings-validation';

const SETTINGS: AdminSiteSettings = {
  setting: {
    whatsappLink: 'https://wa.me/15550001',
    telegramLink: null,
    emailLink: 'mailto:help@example.com',
    chatWidgetUrl: null,
    transferMin: '10.000000',
    transferCharge: '1.000000',
  },
  trading: {
    enabled: true,
    blockedCountries: ['US', 'CA'],
    minAmount: '10.000000',
    maxAmount: '5000.000000',
    durations: [
      { selectedTime: 'trade30Second', seconds: 30, payoutPercent: '80.000000' },
      { selectedTime: 'trade60Second', seconds: 60, payoutPercent: '82.500000' },
      { selectedTime: 'trade3Min', seconds: 180, payoutPercent: '85.000000' },
      { selectedTime: 'trade5Min', seconds: 300, payoutPercent: '88.000000' },
    ],
    maxTickAgeMs: 5000,
  },
  withdrawalDualApproval: null,
};

const saved = formFromSettings(SETTINGS);
const edit = (changes: Partial<SettingsForm>): SettingsForm => ({ ...saved, ...changes });
const ALL = Object.values(SECTION_FIELDS).flat();

describe('the form from the server', () => {
  it('holds figures as typed, missing links as empty and countries sorted', () => {
    expect(saved).toMatchObject({
      telegramLink: '',
      transferMin: '10',
      transferCharge: '1',
      dualApprovalOn: false,
      withdrawalDualApproval: '',
      tradeMax: '5000',
      'payouts.trade60Second': '82.5',
      tradingBlockedCountries: ['CA', 'US'],
    });
  });

  it('turns dual approval on when the server has an amount', () => {
    const form = formFromSettings({ ...SETTINGS, withdrawalDualApproval: '1000.000000' });
    expect(form.dualApprovalOn).toBe(true);
    expect(form.withdrawalDualApproval).toBe('1000');
  });
});

describe('settings diff → update body', () => {
  it('sends nothing when nothing changed, even written differently', () => {
    const form = edit({ transferMin: '10.00', 'payouts.trade30Second': ' 80 ' });
    expect(changedFields(form, saved, ALL)).toEqual([]);
    expect(settingsUpdate(form, saved, ALL)).toEqual({});
  });

  it('sends only the changed fields of the section', () => {
    const form = edit({ transferCharge: '2.5', tradeMin: '20' });
    expect(settingsUpdate(form, saved, SECTION_FIELDS.transfers)).toEqual({
      transferCharge: '2.5',
    });
    expect(settingsUpdate(form, saved, SECTION_FIELDS.stakes)).toEqual({ tradeMin: '20' });
  });

  it('clears an emptied link with null and trims the others', () => {
    const form = edit({ whatsappLink: '  ', telegramLink: ' https://t.me/help ' });
    expect(settingsUpdate(form, saved, SECTION_FIELDS.support)).toEqual({
      whatsappLink: null,
      telegramLink: 'https://t.me/help',
    });
  });

  it('nests changed payouts under payouts', () => {
    const form = edit({ 'payouts.trade3Min': '90', 'payouts.trade5Min': '91.25' });
    expect(settingsUpdate(form, saved, SECTION_FIELDS.stakes)).toEqual({
      payouts: { trade3Min: '90', trade5Min: '91.25' },
    });
  });

  it('turns dual approval on with its amount, and off with null', () => {
    const on = edit({ dualApprovalOn: true, withdrawalDualApproval: '1000' });
    expect(settingsUpdate(on, saved, SECTION_FIELDS.withdrawals)).toEqual({
      withdrawalDualApproval: '1000',
    });
    const savedOn = formFromSettings({ ...SETTINGS, withdrawalDualApproval: '1000.000000' });
    const off = { ...savedOn, dualApprovalOn: false };
    expect(settingsUpdate(off, savedOn, SECTION_FIELDS.withdrawals)).toEqual({
      withdrawalDualApproval: null,
    });
    // While off, the amount field does not count as a change.
    const offEdited = { ...off, withdrawalDualApproval: '5' };
    expect(changedFields({ ...saved, withdrawalDualApproval: '5' }, saved, ALL)).toEqual([]);
    expect(settingsUpdate(offEdited, savedOn, SECTION_FIELDS.withdrawals)).toEqual({
      withdrawalDualApproval: null,
    });
  });

  it('compares countries as sets and sends them sorted', () => {
    expect(changedFields(edit({ tradingBlockedCountries: ['US', 'CA'] }), saved, ALL)).toEqual([]);
    const form = edit({ tradingBlockedCountries: ['US', 'DE', 'CA'] });
    expect(settingsUpdate(form, saved, SECTION_FIELDS.countries)).toEqual({
      tradingBlockedCountries: ['CA', 'DE', 'US'],
    });
    expect(settingsUpdate(edit({ tradingBlockedCountries: [] }), saved, ALL)).toEqual({
      tradingBlockedCountries: [],
    });
  });

  it('sends the trading switch as a boolean', () => {
    expect(settingsUpdate(edit({ tradingEnabled: false }), saved, ALL)).toEqual({
      tradingEnabled: false,
    });
  });
});

describe('validation mirrors the server', () => {
  const errorsOf = (changes: Partial<SettingsForm>) => validateSettings(edit(changes), ALL);

  it('accepts the saved settings', () => {
    expect(validateSettings(saved, ALL)).toEqual({});
  });

  it('accepts https, http and mailto links or nothing, and refuses the rest', () => {
    expect(errorsOf({ telegramLink: 'http://t.me/x', emailLink: '' })).toEqual({});
    expect(Object.keys(errorsOf({ whatsappLink: 'javascript:alert(1)' }))).toEqual([
      'whatsappLink',
    ]);
    expect(Object.keys(errorsOf({ telegramLink: 't.me/help' }))).toEqual(['telegramLink']);
    expect(Object.keys(errorsOf({ emailLink: `https://x.io/${'a'.repeat(500)}` }))).toEqual([
      'emailLink',
    ]);
  });

  it('wants an https address of a plain host for the chat widget', () => {
    expect(errorsOf({ chatWidgetUrl: 'https://chat.example.com/widget.js' })).toEqual({});
    for (const bad of [
      'http://chat.example.com/w.js',
      'https://user:pw@chat.example.com/w.js',
      'https://localhost/w.js',
      'chat.example.com',
    ]) {
      expect(Object.keys(errorsOf({ chatWidgetUrl: bad }))).toEqual(['chatWidgetUrl']);
    }
  });

  it('checks the transfer minimum and fee', () => {
    expect(errorsOf({ transferMin: '0', transferCharge: '0' })).toEqual({});
    expect(Object.keys(errorsOf({ transferMin: '-1', transferCharge: '100.5' }))).toEqual([
      'transferMin',
      'transferCharge',
    ]);
    expect(Object.keys(errorsOf({ transferMin: '1.1234567' }))).toEqual(['transferMin']);
  });

  it('wants a positive dual-approval amount only while it is on', () => {
    expect(errorsOf({ dualApprovalOn: false, withdrawalDualApproval: 'x' })).toEqual({});
    expect(Object.keys(errorsOf({ dualApprovalOn: true, withdrawalDualApproval: '' }))).toEqual([
      'withdrawalDualApproval',
    ]);
    expect(Object.keys(errorsOf({ dualApprovalOn: true, withdrawalDualApproval: '0' }))).toEqual([
      'withdrawalDualApproval',
    ]);
  });

  it('wants positive stakes with the maximum at least the minimum', () => {
    expect(errorsOf({ tradeMin: '50', tradeMax: '50' })).toEqual({});
    expect(Object.keys(errorsOf({ tradeMin: '50', tradeMax: '40' }))).toEqual(['tradeMax']);
    expect(Object.keys(errorsOf({ tradeMin: '0' }))).toEqual(['tradeMin']);
    expect(Object.keys(errorsOf({ tradeMax: '1000000001' }))).toEqual(['tradeMax']);
  });

  it('wants payouts above 0 and at most 100', () => {
    expect(errorsOf({ 'payouts.trade30Second': '100' })).toEqual({});
    expect(Object.keys(errorsOf({ 'payouts.trade30Second': '0' }))).toEqual([
      'payouts.trade30Second',
    ]);
    expect(Object.keys(errorsOf({ 'payouts.trade5Min': '100.01' }))).toEqual(['payouts.trade5Min']);
  });

  it('checks only the fields asked for', () => {
    const form = edit({ tradeMin: '0', transferMin: 'x' });
    expect(Object.keys(validateSettings(form, SECTION_FIELDS.transfers))).toEqual(['transferMin']);
  });

  it('places a refusal under the field it names, when the section has it', () => {
    expect(serverField('payouts.trade3Min', SECTION_FIELDS.stakes)).toBe('payouts.trade3Min');
    expect(serverField('tradeMax', SECTION_FIELDS.transfers)).toBeUndefined();
    expect(serverField(undefined, SECTION_FIELDS.stakes)).toBeUndefined();
  });
});

describe('country codes', () => {
  const names: Record<string, string> = { germany: 'DE', 'united states': 'US' };
  const codeOfName = (name: string) => names[name.toLowerCase()];

  it('reads codes in any case, separated by commas or spaces, without repeats', () => {
    expect(parseCountryInput('de, fr us;DE')).toEqual({ codes: ['DE', 'FR', 'US'], invalid: [] });
  });

  it('reads country names it knows and reports the rest', () => {
    expect(parseCountryInput('Germany, United States, Atlantis, USA, 1a', codeOfName)).toEqual({
      codes: ['DE', 'US'],
      invalid: ['Atlantis', 'USA', '1a'],
    });
  });

  it('reads nothing from blanks', () => {
    expect(parseCountryInput('  ,, ')).toEqual({ codes: [], invalid: [] });
  });

  it('adds codes sorted without repeats', () => {
    expect(withCountries(['US', 'CA'], ['DE', 'US'])).toEqual(['CA', 'DE', 'US']);
  });

  it('suggests only codes the browser can name, and no groupings', () => {
    const known: Record<string, string> = { DE: 'Germany', EU: 'European Union', ZZ: 'Unknown' };
    expect(regionCodes((code) => known[code] ?? code)).toEqual([['DE', 'Germany']]);
  });
});

describe('dual approval: loosening waits for a second admin', () => {
  const on = formFromSettings({ ...SETTINGS, withdrawalDualApproval: '1000.000000' });

  it('knows when the form loosens it: off, or a higher amount', () => {
    expect(loosensDualApproval({ ...on, dualApprovalOn: false }, on)).toBe(true);
    expect(loosensDualApproval({ ...on, withdrawalDualApproval: '1000.5' }, on)).toBe(true);
    expect(loosensDualApproval({ ...on, withdrawalDualApproval: '999' }, on)).toBe(false);
    expect(loosensDualApproval({ ...on, withdrawalDualApproval: '' }, on)).toBe(false);
    const off = formFromSettings(SETTINGS);
    expect(
      loosensDualApproval({ ...off, dualApprovalOn: true, withdrawalDualApproval: '5' }, off),
    ).toBe(false);
  });

  it('reads both answers of an update', () => {
    expect(savedSettings(SETTINGS)).toEqual({ settings: SETTINGS, approval: null });
    const approval = {
      _id: 'r1',
      kind: 'settings.dual_approval' as const,
      subject: { before: '1000.000000', after: null },
      status: 'Pending' as const,
      requestedBy: { _id: 'a', username: 'ops' },
      requestedAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-27T10:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
      reason: null,
      notApprovable: 'own_request' as const,
      eligibleApprovers: 1,
    };
    expect(savedSettings({ approval, message: 'waits', settings: SETTINGS })).toEqual({
      settings: SETTINGS,
      approval,
    });
  });
});
