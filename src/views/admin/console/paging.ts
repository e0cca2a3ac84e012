/**
 * The console's paged lists (queues, users, approvals, audit log) keep their page in the
 * address (`?page=2`), so a reload or a shared link shows the same page. These are the rules
 * every list reads and writes it by.
 */

/** Reads `page` from an address's query: a missing or odd page is page 1, at most `maxPage`. */
export function pageFromSearch(params: URLSearchParams, maxPage: number): number {
  const raw = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), maxPage);
}

/** `path` with `params` and the page; page 1 and an empty query are left out of the address. */
export function pagedHref(path: string, params: URLSearchParams, page: number): string {
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Pages of `total` rows, at least one (an empty list is page 1 of 1). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(pageSize, 1)));
}

/** Previous and next page numbers, or null at either end. */
export function pageSteps(
  page: number,
  pageCount: number,
): { previous: number | null; next: number | null } {
  const last = Math.max(pageCount, 1);
  return {
    previous: page > 1 ? Math.min(page - 1, last) : null,
    next: page < last ? page + 1 : null,
  };
}
