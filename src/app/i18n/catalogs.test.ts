import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/rules';

/**
 * Every catalog is complete and hand-translated. `lingui compile --strict` cannot see a gap
 * here: with English as the fallback locale, an empty msgstr silently falls back to English.
 */
const catalogs = import.meta.glob<string>('../../../locales/*/messages.po', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Entries whose right translation is the English word itself. */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  es: ['Error: {message}', 'General', 'KYC', 'OK', 'Pay ID', 'Telegram'],
  fr: [
    'Action',
    'Actions',
    'Document',
    'Documents',
    'KYC',
    'Maximum',
    'Menu',
    'Minimum',
    'OK',
    'Page {pageNumber} / {pages}',
    'Pages',
    'Pay ID',
    'Telegram',
  ],
  de: [
    'Administrator',
    'Admins',
    'KYC',
    'Maximum',
    'Minimum',
    'Name',
    'OK',
    'Orders',
    'Status',
    'Student',
    'Support',
    'Symbol',
    'Telegram',
    // The word the German catalog uses throughout ("neue Trades", "Trade bestätigen").
    'Trades',
    'Wallet',
  ],
  zh: [],
};

const CONTEXT_SEPARATOR = '\u0004';

function unquote(text: string): string {
  return JSON.parse(`"${text}"`) as string;
}

/**
 * msgid → msgstr of a .po file (Lingui writes each on one line). A message with a context
 * (`msgctxt`) is a different message: it is keyed as context, EOT, id (gettext's own way).
 */
function parsePo(source: string): Map<string, string> {
  const entries = new Map<string, string>();
  const pattern = /^(?:msgctxt "(.*)"\n)?msgid "(.*)"\nmsgstr "(.*)"$/gm;
  for (const match of source.matchAll(pattern)) {
    const [, context, id = '', translation = ''] = match;
    if (id === '') continue;
    const key =
      context === undefined ? unquote(id) : `${unquote(context)}${CONTEXT_SEPARATOR}${unquote(id)}`;
    entries.set(key, unquote(translation));
  }
  return entries;
}

function catalog(language: string): Map<string, string> {
  const source = catalogs[`../../../locales/${language}/messages.po`];
  if (source === undefined) throw new Error(`No catalog for ${language}`);
  return parsePo(source);
}

/** The message of a catalog key: without its context. */
const messageOf = (key: string) => key.slice(key.indexOf(CONTEXT_SEPARATOR) + 1);

const placeholders = (text: string) =>
  [...text.matchAll(/\{[^}]*\}|<\/?\d+\/?>/g)].map((m) => m[0]).sort();

describe('translation catalogs', () => {
  const english = catalog('en');

  it('hold the source messages', () => {
    expect(english.size).toBeGreaterThan(100);
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    describe(language, () => {
      const translated = catalog(language);

      it('has exactly the English message ids', () => {
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('translates every message, leaving no English behind', () => {
        const allowed = new Set(SAME_AS_ENGLISH[language]);
        const untranslated = [...translated].filter(
          ([id, text]) => text.trim() === '' || (text === messageOf(id) && !allowed.has(id)),
        );
        expect(untranslated.map(([id]) => id)).toEqual([]);
      });

      it('keeps every placeholder and tag', () => {
        const broken = [...translated].filter(
          ([id, text]) =>
            JSON.stringify(placeholders(messageOf(id))) !== JSON.stringify(placeholders(text)),
        );
        expect(broken.map(([id]) => id)).toEqual([]);
      });
    });
  }
});
