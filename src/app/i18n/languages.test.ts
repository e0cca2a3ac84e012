import { describe, expect, it } from 'vitest';
import { pickLanguage, suggestLanguage } from './languages';

describe('pickLanguage', () => {
  it('starts in the language the user picked', () => {
    expect(pickLanguage('de')).toBe('de');
    expect(pickLanguage('zh')).toBe('zh');
  });

  it('starts in English until the user picks, whatever the browser prefers', () => {
    expect(pickLanguage(null)).toBe('en');
    expect(pickLanguage('klingon')).toBe('en');
  });
});

describe('suggestLanguage', () => {
  it("offers the browser's first language that the app has, by primary subtag", () => {
    expect(suggestLanguage(null, ['de-DE', 'en'])).toBe('de');
    expect(suggestLanguage(null, ['pt-BR', 'zh-Hant', 'fr'])).toBe('zh');
    expect(suggestLanguage('klingon', ['fr-CA'])).toBe('fr');
  });

  it('offers nothing when the browser prefers English before any other we have', () => {
    expect(suggestLanguage(null, ['en-GB', 'de'])).toBeNull();
    expect(suggestLanguage(null, ['pt-BR', 'en-US', 'es'])).toBeNull();
  });

  it('offers nothing for languages the app does not have', () => {
    expect(suggestLanguage(null, ['pt-BR', 'ja'])).toBeNull();
    expect(suggestLanguage(null, [])).toBeNull();
  });

  it('offers nothing once a language was picked or the offer declined', () => {
    expect(suggestLanguage('en', ['de-DE'])).toBeNull();
    expect(suggestLanguage('fr', ['de-DE'])).toBeNull();
  });
});
