/**
 * Browser and system from a User-Agent, for the user's list of sessions and sign-ins:
 * "Chrome 131" on "Android 14". Parsed when answered, not when stored, so the stored text
 * stays the one source and a newer parser reads old rows better. ua-parser-js 1.x (MIT).
 */
import UAParser from 'ua-parser-js';
import { SESSION_USER_AGENT_MAX_LENGTH } from '../../../common/rules';

export interface ParsedUserAgent {
  /** "Chrome 131", "Safari 18.1", "Firefox 133"; null when unknown. */
  browser: string | null;
  /** "Android 14", "iOS 18.1", "Windows 10", "macOS 10.15"; null when unknown. */
  system: string | null;
}

/** Longest name or version kept from the parser's answer: a User-Agent is anyone's text. */
const PART_MAX_LENGTH = 40;

/** The parser's names as people know them. */
const FAMILIAR_NAMES: Readonly<Record<string, string>> = {
  'Mac OS': 'macOS',
  'Mobile Safari': 'Safari',
  'Mobile Firefox': 'Firefox',
  'Chrome WebView': 'Chrome',
};

function part(name: string | undefined, version: string | undefined): string | null {
  const familiar = name === undefined ? undefined : (FAMILIAR_NAMES[name] ?? name);
  const cleanName = familiar?.trim().slice(0, PART_MAX_LENGTH);
  if (!cleanName) return null;
  const cleanVersion = version?.trim().slice(0, PART_MAX_LENGTH);
  return cleanVersion ? `${cleanName} ${cleanVersion}` : cleanName;
}

/** Browser and system of `userAgent`; both null for none or one the parser does not know. */
export function parseUserAgent(userAgent: string | null): ParsedUserAgent {
  if (userAgent === null || userAgent === '') return { browser: null, system: null };
  const parser = new UAParser(userAgent.slice(0, SESSION_USER_AGENT_MAX_LENGTH));
  const browser = parser.getBrowser();
  const os = parser.getOS();
  // The major version says enough of a browser; Safari's minor one tells iOS releases apart.
  const browserVersion =
    browser.name === 'Safari' || browser.name === 'Mobile Safari'
      ? browser.version?.split('.').slice(0, 2).join('.')
      : browser.major;
  return { browser: part(browser.name, browserVersion), system: part(os.name, os.version) };
}

/** The User-Agent header as stored: cut to its maximum length; null when absent or empty. */
export function storedUserAgent(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return null;
  return value.slice(0, SESSION_USER_AGENT_MAX_LENGTH);
}
