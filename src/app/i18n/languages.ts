import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/rules';

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

/** A language other than English (the default, shown anyway): the ones the app may offer. */
export type SuggestedLanguage = Exclude<Language, 'en'>;

/**
 * The offer to switch, written in the language it offers: the reader of a suggestion is
 * someone who reads that language, not necessarily English. Deliberately not translated,
 * like the language names.
 */
export const SUGGESTION_TEXTS: Record<
  SuggestedLanguage,
  { offer: string; accept: string; dismiss: string }
> = {
  es: { offer: 'Español disponible — ¿cambiar?', accept: 'Cambiar', dismiss: 'No, gracias' },
  fr: { offer: 'Français disponible — changer ?', accept: 'Changer', dismiss: 'Non merci' },
  de: { offer: 'Deutsch verfügbar — wechseln?', accept: 'Wechseln', dismiss: 'Nein, danke' },
  zh: { offer: '提供中文界面，是否切换？', accept: '切换', dismiss: '不用了' },
};

function isSuggestedLanguage(value: unknown): value is SuggestedLanguage {
  return isLanguage(value) && value !== DEFAULT_LANGUAGE;
}

/**
 * The language to start in: the one the user picked in the language picker (stored), else
 * English (docs/product.md §1: the default). The browser's language is never applied by itself: it is
 * only offered (`suggestLanguage`).
 */
export function pickLanguage(stored: string | null): Language {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * The language to offer with one tap, or null: none once the user picked a language or
 * declined the offer (either stores a language), else the browser's first preferred
 * language that we have (by primary subtag: "fr-CA" → fr, "zh-Hant" → zh), unless that is
 * English, which is shown anyway.
 */
export function suggestLanguage(
  stored: string | null,
  preferred: readonly string[],
): SuggestedLanguage | null {
  if (isLanguage(stored)) return null;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isSuggestedLanguage(primary)) return primary;
    if (isLanguage(primary)) return null;
  }
  return null;
}
