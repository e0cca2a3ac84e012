import { describe, expect, it } from 'vitest';
import type { Session } from '../machines/auth-session';
import { guardRoute } from './guard';

const signedOut: Session = { role: null, signingOut: false };
const asUser: Session = { role: 'user', signingOut: false };
const asAdmin: Session = { role: 'admin', signingOut: false };

describe('guardRoute', () => {
  it('lets anyone see public screens', () => {
    for (const session of [signedOut, asUser, asAdmin]) {
      expect(guardRoute('public', session)).toEqual({ kind: 'allow' });
    }
  });

  it('sends signed-out visitors of the user area to /signin', () => {
    expect(guardRoute('user', signedOut)).toEqual({ kind: 'redirect', to: '/signin' });
    expect(guardRoute('user', asAdmin)).toEqual({ kind: 'redirect', to: '/signin' });
    expect(guardRoute('user', asUser)).toEqual({ kind: 'allow' });
  });

  it('keeps the admin area for admins', () => {
    expect(guardRoute('admin', asUser)).toEqual({ kind: 'redirect', to: '/signin' });
    expect(guardRoute('admin', signedOut)).toEqual({ kind: 'redirect', to: '/signin' });
    expect(guardRoute('admin', asAdmin)).toEqual({ kind: 'allow' });
  });

  it('moves signed-in visitors off the sign-in pages', () => {
    expect(guardRoute('guest', asUser)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute('guest', asAdmin)).toEqual({ kind: 'redirect', to: '/admin' });
    expect(guardRoute('guest', signedOut)).toEqual({ kind: 'allow' });
  });
});
