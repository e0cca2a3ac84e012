import { describe, expect, it } from 'vitest';
import { methodInfo } from './method-info';

const method = {
  info: 'Sent on the TRON network.',
  infoTranslations: { de: 'Wird über das TRON-Netzwerk gesendet.', fr: '  ' },
};

describe('methodInfo', () => {
  it('gives the translation for a language that has one', () => {
    expect(methodInfo(method, 'de')).toBe('Wird über das TRON-Netzwerk gesendet.');
  });

  it('falls back to the English text for a language with none, or an empty one', () => {
    expect(methodInfo(method, 'zh')).toBe('Sent on the TRON network.');
    expect(methodInfo(method, 'fr')).toBe('Sent on the TRON network.');
    expect(methodInfo({ info: 'Plain.' }, 'es')).toBe('Plain.');
  });

  it('gives the English text in English and in a language it does not know', () => {
    expect(methodInfo(method, 'en')).toBe('Sent on the TRON network.');
    expect(methodInfo(method, 'pt')).toBe('Sent on the TRON network.');
  });
});
