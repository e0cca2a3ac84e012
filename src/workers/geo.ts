/**
 * The IP-location check (docs/product.md §7): which ticker host to use. An ipapi-like service
 * answers JSON with `country_code`; only "US" selects the US host, and any failure means
 * non-US.
 */
import { getJson, type FetchLike } from '../../common/market/http';

export type Region = 'us' | 'global';

export interface GeoOptions {
  timeoutMs: number;
  maxBytes: number;
}

export async function detectRegion(
  fetchFn: FetchLike,
  url: string,
  options: GeoOptions,
): Promise<Region> {
  try {
    return regionOf(await getJson(url, { fetch: fetchFn, ...options }));
  } catch {
    // Unreachable, slow, blocked by an ad blocker or rate-limited: the global host it is.
    return 'global';
  }
}

export function regionOf(body: unknown): Region {
  if (typeof body !== 'object' || body === null) return 'global';
  const code = (body as Record<string, unknown>).country_code;
  return typeof code === 'string' && code.trim().toUpperCase() === 'US' ? 'us' : 'global';
}
