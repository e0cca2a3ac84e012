/**
 * The blocked countries' input: what an admin typed read as ISO 3166 alpha-2 codes, and the
 * codes a browser can name, for suggestions.
 */

/** The server's limits (server/modules/settings/routes.ts). */
export const MAX_BLOCKED_COUNTRIES = 250;
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

export interface CountryInput {
  /** Upper-case alpha-2 codes found, in the order typed, without repeats. */
  codes: string[];
  /** The pieces that are neither a code nor a known country name, as typed. */
  invalid: string[];
}

/**
 * Reads what an admin typed to block countries: codes ("de", "FR US") or names ("Germany",
 * when `codeOfName` knows them), separated by commas, semicolons or, between codes, spaces.
 */
export function parseCountryInput(
  text: string,
  codeOfName: (name: string) => string | undefined = () => undefined,
): CountryInput {
  const codes: string[] = [];
  const invalid: string[] = [];
  const add = (code: string) => {
    if (!codes.includes(code)) codes.push(code);
  };
  for (const piece of text.split(/[,;\n]+/)) {
    const trimmed = piece.trim();
    if (trimmed === '') continue;
    const words = trimmed.split(/\s+/);
    if (words.every((word) => /^[A-Za-z]{2}$/.test(word))) {
      words.forEach((word) => add(word.toUpperCase()));
      continue;
    }
    const named = codeOfName(trimmed);
    if (named && COUNTRY_CODE_PATTERN.test(named)) add(named);
    else invalid.push(trimmed);
  }
  return { codes, invalid };
}

/** `current` with `added` put in, sorted, without repeats. */
export function withCountries(current: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...current, ...added])].sort();
}

/**
 * The region codes a browser can name, for suggestions: every pair of letters whose name is
 * not the code itself, except groupings that are no country (EU, UN, ...) and the unknown
 * region. `nameOf` is `Intl.DisplayNames#of` in the interface language.
 */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'UK']);

export function regionCodes(nameOf: (code: string) => string | undefined): [string, string][] {
  const found: [string, string][] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (NOT_COUNTRIES.has(code)) continue;
      const name = nameOf(code);
      if (name && name !== code) found.push([code, name]);
    }
  }
  return found;
}
