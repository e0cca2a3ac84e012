/**
 * The live-chat widget and the security policy. The help page (/helpline) loads a
 * third-party chat script whose address the operator sets in the site settings
 * (`chatWidgetUrl`). Only the document of that page gets a Content-Security-Policy that
 * allows the script's origin; every other response keeps the strict policy. The setting is
 * read from the database at most every few seconds per instance, and at once on the instance
 * that changed it, so a change reaches every instance within `CHAT_WIDGET_CACHE_MS`.
 */
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import {
  CHAT_WIDGET_URL_MAX_LENGTH,
  checkChatWidgetUrl,
  type ChatWidgetUrlProblem,
} from '../../../common/chat-widget-url';
import { CHAT_WIDGET_PAGE_PATH } from '../../../common/contract';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';
import type { ChatWidgetSources } from '../../http/security';

/** How long an instance may serve a policy from a setting it read earlier. */
export const CHAT_WIDGET_CACHE_MS = 5_000;
/** The English reason for a refused address, in the API's error text. */
export const CHAT_WIDGET_URL_REASONS: Record<ChatWidgetUrlProblem, string> = {
  tooLong: `must be at most ${CHAT_WIDGET_URL_MAX_LENGTH} characters`,
  notUrl: 'must be a full https:// address of the chat script',
  notHttps: 'must start with https://',
  credentials: 'must not contain a user name or password',
  host: 'must name a host such as chat.example.com',
};

/** The origin a stored address allows, or null when there is none (or it is unusable). */
export function chatWidgetOrigin(stored: string | null): string | null {
  if (stored === null || stored.trim() === '') return null;
  const check = checkChatWidgetUrl(stored);
  return check.ok ? check.origin : null;
}

/** A document request of the help page: GET or HEAD of /helpline, any case, one slash allowed. */
export function isChatWidgetPage(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = (url.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  return path === CHAT_WIDGET_PAGE_PATH || path === `${CHAT_WIDGET_PAGE_PATH}/`;
}

/** The policy `buildApp` hands to the security plugin (onRequest, allow) and to settings. */
export interface ChatWidgetPolicy extends ChatWidgetSources {
  /** Forgets the cached setting; called after the settings change on this instance. */
  invalidate(): void;
}

export interface ChatWidgetPolicyOptions {
  /** Reads the stored `chatWidgetUrl`. */
  load(): Promise<string | null>;
  cacheMs?: number;
  now?: () => number;
  /** A failed read: the response keeps the strict policy (the widget does not load). */
  onError?: (error: unknown) => void;
}

export function createChatWidgetPolicy(options: ChatWidgetPolicyOptions): ChatWidgetPolicy {
  const cacheMs = options.cacheMs ?? CHAT_WIDGET_CACHE_MS;
  const now = options.now ?? Date.now;
  let cached: { origin: string | null; expiresAtMs: number } | null = null;
  let inFlight: Promise<string | null> | null = null;
  // Bumped by invalidate(), so a read that started before a change cannot store the old value.
  let generation = 0;
  const allowedOrigin = new WeakMap<IncomingMessage, string>();

  async function currentOrigin(): Promise<string | null> {
    if (cached && cached.expiresAtMs > now()) return cached.origin;
    if (inFlight) return inFlight;
    const startedIn = generation;
    const read: Promise<string | null> = options
      .load()
      .then((stored) => {
        const origin = chatWidgetOrigin(stored);
        if (startedIn === generation) cached = { origin, expiresAtMs: now() + cacheMs };
        return origin;
      })
      .finally(() => {
        if (inFlight === read) inFlight = null;
      });
    inFlight = read;
    return read;
  }

  return {
    async onRequest(request) {
      if (!isChatWidgetPage(request.method, request.url)) return;
      try {
        const origin = await currentOrigin();
        if (origin !== null) allowedOrigin.set(request.raw, origin);
      } catch (error) {
        options.onError?.(error);
      }
    },
    widens(req) {
      return allowedOrigin.has(req);
    },
    allow(base) {
      const strict = base.join(' ');
      return (req) => {
        const origin = allowedOrigin.get(req);
        return origin === undefined ? strict : `${strict} ${origin}`;
      };
    },
    invalidate() {
      generation += 1;
      cached = null;
      inFlight = null;
    },
  };
}

/** Reads `chatWidgetUrl` from the settings row. */
export function loadChatWidgetUrl(db: Db): () => Promise<string | null> {
  return async () => {
    const rows = await db
      .select({ chatWidgetUrl: siteSettings.chatWidgetUrl })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .limit(1);
    return rows[0]?.chatWidgetUrl ?? null;
  };
}
