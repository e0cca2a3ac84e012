import { describe, expect, it } from 'vitest';
import { SESSION_USER_AGENT_MAX_LENGTH } from '../../../common/rules';
import { deviceHashOf } from './devices';
import { parseUserAgent, storedUserAgent } from './user-agent';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('parseUserAgent', () => {
  it.each([
    [ANDROID_CHROME, 'Chrome 131', 'Android 14'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari 18.1',
      'iOS 18.1',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133',
      'Windows 10',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge 131',
      'macOS 10.15.7',
    ],
  ])('reads %s', (userAgent, browser, system) => {
    expect(parseUserAgent(userAgent)).toEqual({ browser, system });
  });

  it('answers nulls for none, a script or nonsense', () => {
    for (const userAgent of [null, '', 'curl/8.5.0', '<script>alert(1)</script>']) {
      expect(parseUserAgent(userAgent)).toEqual({ browser: null, system: null });
    }
  });
});

describe('storedUserAgent', () => {
  it('cuts a long header and drops an empty one', () => {
    expect(storedUserAgent('x'.repeat(5000))).toHaveLength(SESSION_USER_AGENT_MAX_LENGTH);
    expect(storedUserAgent('  ')).toBeNull();
    expect(storedUserAgent(undefined)).toBeNull();
    expect(storedUserAgent(['a', 'b'])).toBe('a');
  });
});

describe('deviceHashOf', () => {
  it('keys on a well-formed device id, else on the browser and system names', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(deviceHashOf(id, ANDROID_CHROME)).toBe(deviceHashOf(id, null));
    expect(deviceHashOf(id, null)).not.toBe(deviceHashOf('AbCdEfGhIjKlMnOpQrStUw', null));
    // A malformed id counts as none.
    expect(deviceHashOf('short', ANDROID_CHROME)).toBe(deviceHashOf(undefined, ANDROID_CHROME));
    // A browser update is the same device; another browser is not.
    expect(deviceHashOf(undefined, ANDROID_CHROME)).toBe(
      deviceHashOf(undefined, ANDROID_CHROME.replace('131.0.0.0', '132.0.0.0')),
    );
    expect(deviceHashOf(undefined, ANDROID_CHROME)).not.toBe(
      deviceHashOf(
        undefined,
        'Mozilla/5.0 (Windows NT 10.0; rv:133.0) Gecko/20100101 Firefox/133.0',
      ),
    );
    expect(deviceHashOf(undefined, null)).toMatch(/^[0-9a-f]{64}$/);
  });
});
