import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, STORAGE_KEYS, type Language } from '../../../common/rules';
import { pickLanguage } from './languages';

/**
 * Catalogs load on demand, one chunk per language: the initial bundle carries none of them.
 * Each `.po` file is compiled by @lingui/vite-plugin when imported.
 */
const catalogLoaders: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../../locales/en/messages.po'),
  es: () => import('../../../locales/es/messages.po'),
  fr: () => import('../../../locales/fr/messages.po'),
  de: () => import('../../../locales/de/messages.po'),
  zh: () => import('../../../locales/zh/messages.po'),
};

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

export function initialLanguage(): Language {
  return pickLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]);
}

/** Loads the catalog of `language`, switches to it and marks the document with it. */
export async function activateLanguage(language: Language): Promise<void> {
  try {
    const { messages } = await catalogLoaders[language]();
    i18n.loadAndActivate({ locale: language, messages });
    document.documentElement.lang = language;
  } catch (error) {
    console.error(`Could not load the ${language} catalog`, error);
    if (language !== DEFAULT_LANGUAGE) await activateLanguage(DEFAULT_LANGUAGE);
  }
}

/** The language picker's choice: switch, and remember it for the next visit. */
export async function chooseLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Without storage the choice lasts for this visit only.
  }
}

export { i18n };
