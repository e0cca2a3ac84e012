import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkChatWidgetUrl } from '../../../common/chat-widget-url';
import {
  CHAT_WIDGET_URL_REASONS,
  chatWidgetOrigin,
  createChatWidgetPolicy,
  isChatWidgetPage,
} from './chat-widget';

describe('chat widget address', () => {
  it('accepts an https script address and keeps its origin', () => {
    expect(checkChatWidgetUrl(' https://embed.chat.example/widget/abc.js?k=1 ')).toEqual({
      ok: true,
      url: 'https://embed.chat.example/widget/abc.js?k=1',
      origin: 'https://embed.chat.example',
    });
    expect(chatWidgetOrigin('https://chat.example:8443/w.js')).toBe('https://chat.example:8443');
  });

  it.each([
    ['http://chat.example/w.js', 'https://'],
    ['javascript:alert(1)', 'https://'],
    ['chat.example/w.js', 'full https://'],
    ['https://user:pw@chat.example/w.js', 'user name or password'],
    ['https://localhost/w.js', 'host'],
    ["https://a'b.example/w.js", 'host'],
    ['https://a;b.example/w.js', 'host'],
    ['https://*.example/w.js', 'host'],
    [`https://chat.example/${'a'.repeat(500)}`, 'at most 500'],
  ])('refuses %s', (value, reason) => {
    const check = checkChatWidgetUrl(value);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(CHAT_WIDGET_URL_REASONS[check.problem]).toContain(reason);
  });

  it('matches the help page document only', () => {
    expect(isChatWidgetPage('GET', '/helpline')).toBe(true);
    expect(isChatWidgetPage('HEAD', '/Helpline/?from=menu')).toBe(true);
    expect(isChatWidgetPage('POST', '/helpline')).toBe(false);
    expect(isChatWidgetPage('GET', '/helpline/x')).toBe(false);
    expect(isChatWidgetPage('GET', '/settings')).toBe(false);
    expect(isChatWidgetPage('GET', '/api/helpline')).toBe(false);
  });
});

describe('chat widget policy', () => {
  function setUp(initial: string | null) {
    let stored = initial;
    let reads = 0;
    let nowMs = 0;
    const policy = createChatWidgetPolicy({
      load: async () => {
        reads += 1;
        return stored;
      },
      cacheMs: 5000,
      now: () => nowMs,
    });
    const scriptSrc = policy.allow(["'self'"]);
    /** The script-src a request for `url` gets. */
    const scriptSrcFor = async (url: string) => {
      const raw = {} as IncomingMessage;
      await policy.onRequest({ method: 'GET', url, raw } as FastifyRequest);
      return scriptSrc(raw);
    };
    return {
      policy,
      scriptSrcFor,
      set: (value: string | null) => (stored = value),
      advance: (ms: number) => (nowMs += ms),
      reads: () => reads,
    };
  }

  it('allows the origin on the help page only, and reads the setting for that page only', async () => {
    const t = setUp('https://chat.example/w.js');
    expect(await t.scriptSrcFor('/helpline')).toBe("'self' https://chat.example");
    expect(await t.scriptSrcFor('/settings')).toBe("'self'");
    expect(await t.scriptSrcFor('/')).toBe("'self'");
    expect(t.reads()).toBe(1);
  });

  it('serves a cached setting for at most the cache time', async () => {
    const t = setUp('https://chat.example/w.js');
    await t.scriptSrcFor('/helpline');
    t.set('https://other.example/w.js');
    t.advance(4999);
    expect(await t.scriptSrcFor('/helpline')).toBe("'self' https://chat.example");
    t.advance(1);
    expect(await t.scriptSrcFor('/helpline')).toBe("'self' https://other.example");
    expect(t.reads()).toBe(2);
  });

  it('follows a change on this instance at once, and a removal', async () => {
    const t = setUp('https://chat.example/w.js');
    await t.scriptSrcFor('/helpline');
    t.set(null);
    t.policy.invalidate();
    expect(await t.scriptSrcFor('/helpline')).toBe("'self'");
  });

  it('keeps the strict policy when the stored address is unusable or unreadable', async () => {
    expect(await setUp('http://chat.example/w.js').scriptSrcFor('/helpline')).toBe("'self'");
    const errors: unknown[] = [];
    const failing = createChatWidgetPolicy({
      load: () => Promise.reject(new Error('database down')),
      onError: (error) => errors.push(error),
    });
    const raw = {} as IncomingMessage;
    await failing.onRequest({ method: 'GET', url: '/helpline', raw } as FastifyRequest);
    expect(failing.allow(["'self'"])(raw)).toBe("'self'");
    expect(errors).toHaveLength(1);
  });
});
