import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../common/rules';

/**
 * Each language named in itself, so a reader finds their own language whatever the current
 * one is. Deliberately not translated.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  zh: '中文',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to start in: the stored choice, else the first of the browser's preferred
 * languages we offer (by primary subtag: "fr-CA" → fr, "zh-Hant" → zh), else English.
 */
export function pickLanguage(stored: string | null, preferred: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
