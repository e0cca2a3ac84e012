import type { Messages } from '@lingui/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../common/rules';
import type * as I18n from './i18n';

/**
 * Catalog loading: the shell's catalog always, the app's and the console's once a page asked
 * for them and from then on with every language switch. The module keeps state (what is
 * needed, what is active), so the steps run in order on one import of it.
 */

// The module marks the document with the language; Vitest runs in Node.
vi.stubGlobal('document', { documentElement: { lang: '' } });
vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });

type I18nModule = typeof I18n;
let module_: I18nModule;

async function compiled(
  language: Language,
  name: 'shell' | 'messages' | 'admin',
): Promise<Messages> {
  const loaders: Record<string, () => Promise<{ messages: Messages }>> = {
    'de/shell': () => import('../../../locales/de/shell.po'),
    'de/messages': () => import('../../../locales/de/messages.po'),
    'de/admin': () => import('../../../locales/de/admin.po'),
    'fr/admin': () => import('../../../locales/fr/admin.po'),
    'es/admin': () => import('../../../locales/es/admin.po'),
  };
  const load = loaders[`${language}/${name}`];
  if (load === undefined) throw new Error(`no loader for ${language}/${name}`);
  return (await load()).messages;
}

/** Message ids that only the app's catalog has, and only the console's. */
let appOnlyId: string;
let consoleOnlyId: string;

beforeAll(async () => {
  module_ = await import('./i18n');
  const shell = await compiled('de', 'shell');
  const app = await compiled('de', 'messages');
  const console_ = await compiled('de', 'admin');
  const appId = Object.keys(app).find((key) => !(key in shell));
  const consoleId = Object.keys(console_).find((key) => !(key in app) && !(key in shell));
  if (appId === undefined) throw new Error('the app catalog has no message of its own');
  if (consoleId === undefined) throw new Error('the console catalog has no message of its own');
  appOnlyId = appId;
  consoleOnlyId = consoleId;
});

describe('catalog loading', () => {
  it('loads only the shell catalog for a language', async () => {
    await module_.activateLanguage('de');
    expect(module_.i18n.locale).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(module_.i18n.messages[appOnlyId]).toBeUndefined();
    expect(module_.i18n.messages[consoleOnlyId]).toBeUndefined();
  });

  it("adds the app's catalog in the active language when a page asks", async () => {
    await module_.loadCatalog('app');
    expect(module_.i18n.locale).toBe('de');
    expect(module_.i18n.messages[appOnlyId]).toEqual((await compiled('de', 'messages'))[appOnlyId]);
    expect(module_.i18n.messages[consoleOnlyId]).toBeUndefined();
  });

  it('adds the console catalog in the active language when the console asks', async () => {
    await module_.loadCatalog('admin');
    expect(module_.i18n.locale).toBe('de');
    expect(module_.i18n.messages[consoleOnlyId]).toEqual(
      (await compiled('de', 'admin'))[consoleOnlyId],
    );
  });

  it('loads both catalogs on a later language switch', async () => {
    await module_.activateLanguage('fr');
    expect(module_.i18n.locale).toBe('fr');
    expect(module_.i18n.messages[consoleOnlyId]).toEqual(
      (await compiled('fr', 'admin'))[consoleOnlyId],
    );
  });

  it('lets the later of two switches win, whichever finishes first', async () => {
    const first = module_.activateLanguage('es');
    const second = module_.activateLanguage('de');
    await Promise.all([first, second]);
    expect(module_.i18n.locale).toBe('de');
    expect(module_.i18n.messages[consoleOnlyId]).toEqual(
      (await compiled('de', 'admin'))[consoleOnlyId],
    );
  });
});

describe('the console entered while a language switch is under way', () => {
  it('gets the console catalog in the language being switched to', async () => {
    vi.resetModules();
    const fresh: I18nModule = await import('./i18n');
    await fresh.activateLanguage('de');
    const switching = fresh.activateLanguage('es');
    await fresh.loadCatalog('admin');
    await switching;
    expect(fresh.i18n.locale).toBe('es');
    expect(fresh.i18n.messages[consoleOnlyId]).toEqual(
      (await compiled('es', 'admin'))[consoleOnlyId],
    );
  });
});

describe("the browser's language", () => {
  /** A German browser with nothing stored yet. */
  async function germanBrowser(stored: Map<string, string>): Promise<I18nModule> {
    vi.resetModules();
    vi.stubGlobal('navigator', { languages: ['de-DE', 'de'], language: 'de-DE' });
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    });
    return import('./i18n');
  }

  it('is offered, not applied, and a declined offer is not made again', async () => {
    const stored = new Map<string, string>();
    const first = await germanBrowser(stored);
    expect(first.initialLanguage()).toBe('en');
    expect(first.languageSuggestion()).toBe('de');
    first.declineLanguageSuggestion();
    expect(first.languageSuggestion()).toBeNull();
    const next = await germanBrowser(stored);
    expect(next.initialLanguage()).toBe('en');
    expect(next.languageSuggestion()).toBeNull();
  });

  it('tells whoever shows the offer that it is gone, as soon as it is answered', async () => {
    const module = await germanBrowser(new Map());
    expect(module.languageSuggestion()).toBe('de');
    const seen: (string | null)[] = [];
    module.subscribeLanguageSuggestion(() => seen.push(module.languageSuggestion()));
    const choosing = module.chooseLanguage('de');
    expect(seen).toEqual([null]);
    await choosing;
    expect(module.languageSuggestion()).toBeNull();
  });

  it('is the language of the next visit once the user picked it', async () => {
    const stored = new Map<string, string>();
    const first = await germanBrowser(stored);
    await first.chooseLanguage('de');
    expect(first.languageSuggestion()).toBeNull();
    const next = await germanBrowser(stored);
    expect(next.initialLanguage()).toBe('de');
  });
});
