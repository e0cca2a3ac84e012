import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, STORAGE_KEYS, type Language } from '../../../common/rules';
import { pickLanguage, suggestLanguage, type SuggestedLanguage } from './languages';

type CatalogLoader = () => Promise<{ messages: Messages }>;

/**
 * Catalogs load on demand, one chunk per language and catalog: the initial bundle carries
 * none of them. `shell` holds the texts of the first load and of the pages a first visit
 * lands on (`shell-catalog.ts`), about a sixth of the app's; `app` every text outside the
 * admin console, loaded with any other page; `admin` the console's (about half of all
 * texts, which no user needs), loaded only once an /admin route is entered. A text used in
 * several is in each (`catalogs.test.ts` checks they translate it alike). Each `.po` file is
 * compiled by @lingui/vite-plugin when imported.
 */
const CATALOGS = {
  shell: {
    en: () => import('../../../locales/en/shell.po'),
    es: () => import('../../../locales/es/shell.po'),
    fr: () => import('../../../locales/fr/shell.po'),
    de: () => import('../../../locales/de/shell.po'),
    zh: () => import('../../../locales/zh/shell.po'),
  },
  app: {
    en: () => import('../../../locales/en/messages.po'),
    es: () => import('../../../locales/es/messages.po'),
    fr: () => import('../../../locales/fr/messages.po'),
    de: () => import('../../../locales/de/messages.po'),
    zh: () => import('../../../locales/zh/messages.po'),
  },
  admin: {
    en: () => import('../../../locales/en/admin.po'),
    es: () => import('../../../locales/es/admin.po'),
    fr: () => import('../../../locales/fr/admin.po'),
    de: () => import('../../../locales/de/admin.po'),
    zh: () => import('../../../locales/zh/admin.po'),
  },
} satisfies Record<string, Record<Language, CatalogLoader>>;

type CatalogName = keyof typeof CATALOGS;
const CATALOG_COUNT = Object.keys(CATALOGS).length;

/** The catalogs every language switch loads: the shell's, and the others once needed. */
const needed = new Set<CatalogName>(['shell']);
/** The active language and the catalogs its messages came from (null before the first). */
let active: { language: Language; catalogs: ReadonlySet<CatalogName> } | null = null;
/** The latest load (numbered) and its language: an earlier, slower load yields to it. */
let latestLoad: Promise<void> = Promise.resolve();
let latestLoadNumber = 0;
let latestLanguage: Language | null = null;

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Without storage the choice lasts for this visit only.
  }
}

/** English until the user picks another language in the picker (docs/product.md §1). */
export function initialLanguage(): Language {
  return pickLanguage(readStoredLanguage());
}

/**
 * The browser's language, offered with one tap until the user picks a language or declines
 * (`languageSuggestion`); worked out once, on first use, and cleared by either answer.
 */
let suggestion: SuggestedLanguage | null | undefined;
const suggestionListeners = new Set<() => void>();

export function languageSuggestion(): SuggestedLanguage | null {
  // Not `??=`: null is an answer (no offer), undefined is not worked out yet.
  if (suggestion === undefined) {
    suggestion = suggestLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]);
  }
  return suggestion;
}

export function subscribeLanguageSuggestion(listener: () => void): () => void {
  suggestionListeners.add(listener);
  return () => suggestionListeners.delete(listener);
}

function clearSuggestion(): void {
  if (suggestion === null) return;
  suggestion = null;
  for (const listener of suggestionListeners) listener();
}

/**
 * The offer was declined: the language shown stays, and is remembered as the user's pick,
 * so the offer is not made again (the stored language survives signing out).
 */
export function declineLanguageSuggestion(): void {
  rememberLanguage(active?.language ?? DEFAULT_LANGUAGE);
  clearSuggestion();
}

/**
 * Loads every needed catalog of `language` and activates it with their messages merged.
 * When a later load starts meanwhile, this one waits for that one instead of activating.
 */
function loadLanguage(language: Language): Promise<void> {
  const loadNumber = ++latestLoadNumber;
  const attempt = (async (): Promise<void> => {
    // A catalog asked for while these load is loaded in the next round; `needed` only
    // grows, so there are at most as many rounds as catalogs.
    for (let round = 0; round < CATALOG_COUNT; round += 1) {
      const wanted = [...needed];
      const parts = await Promise.all(wanted.map((name) => CATALOGS[name][language]()));
      if (loadNumber !== latestLoadNumber) return latestLoad;
      if (wanted.length !== needed.size) continue;
      const messages: Messages = Object.assign({}, ...parts.map((part) => part.messages));
      i18n.loadAndActivate({ locale: language, messages });
      active = { language, catalogs: new Set(wanted) };
      document.documentElement.lang = language;
      return;
    }
    throw new Error(`the catalogs of ${language} kept changing while they loaded`);
  })();
  latestLoad = attempt;
  latestLanguage = language;
  return attempt;
}

/** Loads the catalogs of `language`, switches to it and marks the document with it. */
export async function activateLanguage(language: Language): Promise<void> {
  try {
    await loadLanguage(language);
  } catch (error) {
    console.error(`Could not load the ${language} catalog`, error);
    if (language !== DEFAULT_LANGUAGE) await activateLanguage(DEFAULT_LANGUAGE);
  }
}

/** The language picker's choice: switch, and remember it for the next visit. */
export async function chooseLanguage(language: Language): Promise<void> {
  clearSuggestion();
  await activateLanguage(language);
  rememberLanguage(language);
}

/**
 * Before a page beyond the shell renders: loads the catalog its texts are in (`app`, or the
 * console's `admin`) in the active language, and from now on every language switch loads
 * it too. Rejects when it cannot be had, as a page whose code failed to load does, rather
 * than show a page of message ids.
 */
export async function loadCatalog(name: Exclude<CatalogName, 'shell'>): Promise<void> {
  needed.add(name);
  if (active?.catalogs.has(name)) return;
  // The language being switched to, if a switch is under way, else the active one.
  await activateLanguage(latestLanguage ?? active?.language ?? initialLanguage());
  if (!active?.catalogs.has(name)) throw new Error(`Could not load the ${name} catalog`);
}

export { i18n };
