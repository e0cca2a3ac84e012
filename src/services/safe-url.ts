/** Protocols an admin-set support link may use; anything else (javascript:, data:) is dropped. */
const ALLOWED_PROTOCOLS = new Set(['https:', 'http:', 'mailto:', 'tel:']);

/**
 * A support link from site settings, made safe to put in an `href`: a bare email address
 * becomes a mailto: link, and links with other protocols are refused (null).
 */
export function safeExternalUrl(link: string | null | undefined): string | null {
  const text = link?.trim();
  if (!text) return null;
  const candidate = /^[^\s@:/]+@[^\s@]+\.[^\s@]+$/.test(text) ? `mailto:${text}` : text;
  try {
    const url = new URL(candidate);
    return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
