import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/rules';

/**
 * Every catalog is complete and hand-translated. `lingui compile --strict` cannot see a gap
 * here: with English as the fallback locale, an empty msgstr silently falls back to English.
 * Each language has three catalogs (lingui.config.ts): `shell`, the first load's, `messages`,
 * the rest of the app's, and `admin`, the admin console's, loaded only in the console.
 */
const CATALOG_NAMES = ['shell', 'messages', 'admin'] as const;
type CatalogName = (typeof CATALOG_NAMES)[number];

const catalogs = import.meta.glob<string>('../../../locales/*/*.po', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Entries whose right translation is the English word itself. */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  es: ['Error: {message}', 'General', 'KYC', 'OK', 'Pay ID', 'Real', 'Telegram'],
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
    // The loanword, as German writes it (the /fairness page's title).
    'Fairness',
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

  // A text used in two catalogs' code is in both; the catalogs a page needs are loaded into
  // one table, so the two must say the same.
  const PAIRS = [
    ['shell', 'messages'],
    ['shell', 'admin'],
    ['messages', 'admin'],
  ] as const;
  for (const language of LANGUAGES) {
    for (const [first, second] of PAIRS) {
      it(`translates a text in ${first} and ${second} alike (${language})`, () => {
        const one = catalog(language, first);
        const other = catalog(language, second);
        const shared = [...other.keys()].filter((id) => one.has(id));
        expect(shared.length).toBeGreaterThan(0);
        const different = shared.filter((id) => one.get(id) !== other.get(id));
        expect(different).toEqual([]);
      });
    }
  }
});

/**
 * One register per language, in the app and the console alike: German says "du" (like N26
 * and Trade Republic), Chinese says 您 (like Binance and OKX in Chinese). "Sie" also means
 * "they" or "it", but then it is written in lower case inside a sentence, and the app's
 * texts never start one with "Sie" and a plural verb for "they".
 */
const GERMAN_FORMAL_ADDRESS = [
  // "Ihr Konto", "Ihnen": as "her"/"their" these are lower case inside a sentence, and no
  // text starts with one.
  /\b(?:Ihr|Ihre|Ihren|Ihrem|Ihres|Ihrer|Ihnen)\b/,
  // "Geben Sie … ein", "bis Sie …": inside a sentence, "sie" (they, it) is lower case.
  /[^.!?:\s]\s+Sie\b/,
  // "Sie haben …" at the start of a sentence.
  /(?:^|[.!?:]\s+)Sie (?:haben|sind|können|müssen|möchten|wollen|sollten|werden|brauchen|dürfen|erhalten|sehen|finden)\b/,
];

function addressesFormally(text: string): boolean {
  return GERMAN_FORMAL_ADDRESS.some((pattern) => pattern.test(text));
}

describe('register', () => {
  it('tells a formal German address from "sie" meaning "they" or "it"', () => {
    for (const formal of [
      'Geben Sie den Betrag ein.',
      'Bitte versuchen Sie es erneut.',
      'Die Anmeldung wird verweigert, bis Sie das Konto aktivieren.',
      'Sie haben die erste Genehmigung erteilt.',
      'Ihre Admin-Sitzung ist beendet.',
      'Mit Ihrem Namen gespeichert.',
    ]) {
      expect(addressesFormally(formal), formal).toBe(true);
    }
    for (const informal of [
      'Gib den Betrag ein.',
      'Bitte versuche es erneut.',
      'Deine Admin-Sitzung ist beendet.',
      'Eine Skriptadresse. Sie wird nur auf der Hilfeseite geladen; ist sie leer, fehlt sie.',
      'Erneut zu bestätigen ist sicher: Sie wird höchstens einmal gebucht.',
      'Sende die Zahlung und genehmige dann mit ihrem Transaktions-Hash.',
    ]) {
      expect(addressesFormally(informal), informal).toBe(false);
    }
  });

  for (const name of CATALOG_NAMES) {
    it(`is "du" in German (${name})`, () => {
      const formal = [...catalog('de', name)].filter(([, text]) => addressesFormally(text));
      expect(formal.map(([, text]) => text)).toEqual([]);
    });

    it(`is 您 in Chinese (${name})`, () => {
      const informal = [...catalog('zh', name)].filter(([, text]) => text.includes('你'));
      expect(informal.map(([, text]) => text)).toEqual([]);
    });
  }
});
