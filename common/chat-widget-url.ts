/**
 * The rule for the live-chat widget's script address, shared by the server (which puts the
 * address's origin into the help page's security policy) and the console's settings form.
 * Only an https URL of a plain host name, without credentials, is accepted: nothing that
 * could widen or break a policy (wildcards, quotes, separators).
 */
export const CHAT_WIDGET_URL_MAX_LENGTH = 500;

/** A DNS name of two or more labels (letters, digits, inner hyphens): no wildcards, no quotes. */
const HOSTNAME_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Why an address is refused; each side words it in its own language. */
export type ChatWidgetUrlProblem = 'tooLong' | 'notUrl' | 'notHttps' | 'credentials' | 'host';

export type ChatWidgetUrlCheck =
  { ok: true; url: string; origin: string } | { ok: false; problem: ChatWidgetUrlProblem };

export function checkChatWidgetUrl(text: string): ChatWidgetUrlCheck {
  const value = text.trim();
  if (value.length > CHAT_WIDGET_URL_MAX_LENGTH) return { ok: false, problem: 'tooLong' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problem: 'notUrl' };
  }
  if (url.protocol !== 'https:') return { ok: false, problem: 'notHttps' };
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'credentials' };
  if (!HOSTNAME_PATTERN.test(url.hostname)) return { ok: false, problem: 'host' };
  return { ok: true, url: url.href, origin: url.origin };
}
