import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/rules';

/**
 * Every catalog is complete and hand-translated. `lingui compile --strict` cannot see a gap
 * here: with English as the fallback locale, an empty msgstr silently falls back to English.
 * Each language has two catalogs (lingui.config.ts): `messages`, the app's, and `admin`, the
 * admin console's, loaded only in the console.
 */
const CATALOG_NAMES = ['messages', 'admin'] as const;
type CatalogName = (typeof CATALOG_NAMES)[number];

const catalogs = import.meta.glob<string>('../../../locales/*/*.po', {
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

function catalog(language: string, name: CatalogName): Map<string, string> {
  const source = catalogs[`../../../locales/${language}/${name}.po`];
  if (source === undefined) throw new Error(`No ${name} catalog for ${language}`);
  return parsePo(source);
}

/** The message of a catalog key: without its context. */
const messageOf = (key: string) => key.slice(key.indexOf(CONTEXT_SEPARATOR) + 1);

/**
 * The placeholders and tags of a message: `{name}` for each argument, plain or ICU (a plural
 * is `{seconds}` whatever its branches say, since languages have their own plural forms), and
 * the `<0>` tags.
 */
function placeholders(text: string): string[] {
  const found = [...text.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0]);
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '{') {
      if (depth === 0) start = i + 1;
      depth += 1;
    } else if (text[i] === '}' && depth > 0) {
      depth -= 1;
      if (depth === 0) found.push(`{${(text.slice(start, i).split(',')[0] ?? '').trim()}}`);
    }
  }
  return found.sort();
}

describe('translation catalogs', () => {
  it("are the app's and the console's in every language, and no other", () => {
    const expected = LANGUAGES.flatMap((language) =>
      CATALOG_NAMES.map((name) => `../../../locales/${language}/${name}.po`),
    );
    expect(Object.keys(catalogs).sort()).toEqual(expected.sort());
  });

  for (const name of CATALOG_NAMES) {
    describe(name, () => {
      const english = catalog('en', name);

      it('holds the source messages', () => {
        expect(english.size).toBeGreaterThan(100);
      });

      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        describe(language, () => {
          const translated = catalog(language, name);

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
  }

  // A text both the console and the rest of the app use is in both catalogs; in the console
  // both are loaded into one table, so the two must say the same.
  for (const language of LANGUAGES) {
    it(`translates a text in both catalogs alike (${language})`, () => {
      const app = catalog(language, 'messages');
      const console_ = catalog(language, 'admin');
      const shared = [...console_.keys()].filter((id) => app.has(id));
      expect(shared.length).toBeGreaterThan(0);
      const different = shared.filter((id) => app.get(id) !== console_.get(id));
      expect(different).toEqual([]);
    });
  }
});
