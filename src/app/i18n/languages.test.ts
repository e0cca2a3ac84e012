import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages';

describe('pickLanguage', () => {
  it('prefers the stored choice', () => {
    expect(pickLanguage('de', ['fr-FR'])).toBe('de');
  });

  it('falls back to the browser languages by primary subtag', () => {
    expect(pickLanguage(null, ['pt-BR', 'zh-CN', 'en'])).toBe('zh');
    expect(pickLanguage('klingon', ['fr-CA'])).toBe('fr');
  });

  it('defaults to English', () => {
    expect(pickLanguage(null, ['pt-BR'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });
});
