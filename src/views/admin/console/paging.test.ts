import { describe, expect, it } from 'vitest';
import { pageCountOf, pageFromSearch, pagedHref, pageSteps } from './paging';

describe('the page in the address', () => {
  const read = (search: string) => pageFromSearch(new URLSearchParams(search), 100);

  it('reads page 1 for anything odd and at most the last page', () => {
    expect(read('')).toBe(1);
    expect(read('?page=3')).toBe(3);
    expect(read('?page=0')).toBe(1);
    expect(read('?page=-2')).toBe(1);
    expect(read('?page=2.5')).toBe(1);
    expect(read('?page=999999')).toBe(100);
  });

  it('leaves page 1 and an empty query out of the address', () => {
    expect(pagedHref('/admin/x', new URLSearchParams(), 1)).toBe('/admin/x');
    expect(pagedHref('/admin/x', new URLSearchParams(), 2)).toBe('/admin/x?page=2');
    expect(pagedHref('/admin/x', new URLSearchParams({ q: 'a b' }), 3)).toBe(
      '/admin/x?q=a+b&page=3',
    );
  });
});

describe('page counts and steps', () => {
  it('counts at least one page', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(20, 20)).toBe(1);
    expect(pageCountOf(21, 20)).toBe(2);
  });

  it('steps between pages within 1 and the page count', () => {
    expect(pageSteps(1, 1)).toEqual({ previous: null, next: null });
    expect(pageSteps(1, 3)).toEqual({ previous: null, next: 2 });
    expect(pageSteps(2, 3)).toEqual({ previous: 1, next: 3 });
    expect(pageSteps(3, 3)).toEqual({ previous: 2, next: null });
    // A page beyond the end (the list shrank) leads back to the last one.
    expect(pageSteps(7, 3)).toEqual({ previous: 3, next: null });
    expect(pageSteps(1, 0)).toEqual({ previous: null, next: null });
  });
});
