/**
 * `npm run i18n:extract`: Lingui's extraction, keeping every translation a text already has.
 *
 * A text moves between catalogs when the code that uses it moves (a module joins or leaves
 * the first load, whose texts are the `shell` catalog: scripts/shell-modules.ts), and a text
 * used in two catalogs is in both. `lingui extract` would leave such an entry untranslated
 * in the catalog it arrives in; here it gets the translation that language already had in
 * any of its catalogs (before the extraction, or in another catalog now). Texts nobody has
 * translated stay empty, and `npm run i18n:check` says where.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const LOCALES_DIR = path.resolve(import.meta.dirname, '..', 'locales');
const SOURCE_LOCALE = 'en';

/** One entry's key (context and id, as written in the file) and its msgstr lines. */
interface Entry {
  key: string;
  msgstr: string;
}

/** The quoted lines of `field` in an entry's block: `field "…"` and its continuations. */
function fieldText(lines: readonly string[], field: string): string | null {
  const start = lines.findIndex((line) => line.startsWith(`${field} "`));
  if (start < 0) return null;
  const parts = [lines[start]!.slice(field.length + 1)];
  for (let i = start + 1; i < lines.length && lines[i]!.startsWith('"'); i += 1) {
    parts.push(lines[i]!);
  }
  return parts.join('\n');
}

function entriesOf(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of text.split(/\n{2,}/)) {
    const lines = block.split('\n');
    const id = fieldText(lines, 'msgid');
    const msgstr = fieldText(lines, 'msgstr');
    if (id === null || msgstr === null || id === '""') continue;
    const context = fieldText(lines, 'msgctxt') ?? '';
    entries.push({ key: `${context}\u0004${id}`, msgstr });
  }
  return entries;
}

const translated = (msgstr: string) => msgstr !== '""';

function catalogFiles(locale: string): string[] {
  const dir = path.join(LOCALES_DIR, locale);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.po'))
    .map((name) => path.join(dir, name));
}

/** Every translation each language has, in any catalog. */
function knownTranslations(locales: readonly string[]): Map<string, Map<string, string>> {
  const known = new Map<string, Map<string, string>>();
  for (const locale of locales) {
    const byKey = known.get(locale) ?? new Map<string, string>();
    for (const file of catalogFiles(locale)) {
      for (const entry of entriesOf(fs.readFileSync(file, 'utf8'))) {
        if (translated(entry.msgstr) && !byKey.has(entry.key)) byKey.set(entry.key, entry.msgstr);
      }
    }
    known.set(locale, byKey);
  }
  return known;
}

/** Fills the empty msgstr of `file` from `known`; returns how many it filled. */
function fill(file: string, known: ReadonlyMap<string, string>): number {
  let filled = 0;
  const blocks = fs.readFileSync(file, 'utf8').split(/(\n{2,})/);
  const out = blocks.map((block) => {
    const lines = block.split('\n');
    const id = fieldText(lines, 'msgid');
    const msgstrAt = lines.findIndex((line) => line.startsWith('msgstr "'));
    if (id === null || id === '""' || msgstrAt < 0 || lines[msgstrAt] !== 'msgstr ""') return block;
    if (lines[msgstrAt + 1]?.startsWith('"')) return block;
    const key = `${fieldText(lines, 'msgctxt') ?? ''}\u0004${id}`;
    const translation = known.get(key);
    if (translation === undefined) return block;
    filled += 1;
    lines[msgstrAt] = `msgstr ${translation}`;
    return lines.join('\n');
  });
  fs.writeFileSync(file, out.join(''));
  return filled;
}

const locales = fs
  .readdirSync(LOCALES_DIR)
  .filter((name) => fs.statSync(path.join(LOCALES_DIR, name)).isDirectory());
const targets = locales.filter((locale) => locale !== SOURCE_LOCALE);
const before = knownTranslations(targets);
execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'inherit' });
const after = knownTranslations(targets);
for (const locale of targets) {
  const known = new Map([...after.get(locale)!, ...before.get(locale)!]);
  for (const file of catalogFiles(locale)) {
    const filled = fill(file, known);
    if (filled > 0) {
      console.log(`${path.relative(process.cwd(), file)}: ${filled} translations carried over`);
    }
  }
}
