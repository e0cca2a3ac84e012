import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './safe-url';

describe('safeExternalUrl', () => {
  it('keeps web, mail and phone links', () => {
    expect(safeExternalUrl('https://wa.me/15551234567')).toBe('https://wa.me/15551234567');
    expect(safeExternalUrl('mailto:help@example.com')).toBe('mailto:help@example.com');
    expect(safeExternalUrl('tel:+15551234567')).toBe('tel:+15551234567');
  });

  it('turns a bare email address into a mailto link', () => {
    expect(safeExternalUrl(' help@example.com ')).toBe('mailto:help@example.com');
  });

  it('drops empty, relative and script links', () => {
    expect(safeExternalUrl(null)).toBeNull();
    expect(safeExternalUrl('  ')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,hi')).toBeNull();
  });
});
