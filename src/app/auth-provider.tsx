import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { AuthInput } from '../machines/auth.machine';
import { sendAuth, startAuthSession, type AuthServices } from '../machines/auth-session';
import * as authApi from '../services/auth-api';
import { userQuery } from '../services/queries';
import { onUnauthorized } from '../services/session-events';
import { tokenStorage } from '../services/token-storage';
import { preloadToastCard, useToast, type ShowToast } from '../ui/toast';
import { i18n, loadCatalog } from './i18n/i18n';

/** The sign-in calls: loaded as the auth machine starts, not in the first load. */
const signInApi = () => import('../services/sign-in-api');

/** The auth machine's implementations: HTTP, storage, the query cache, navigation, toasts. */
function appAuthServices(queryClient: QueryClient, toast: ShowToast): AuthServices {
  return {
    login: async (credentials, signal) => (await signInApi()).login(credentials, signal),
    loginTwoFactor: async (answer, signal) => (await signInApi()).loginTwoFactor(answer, signal),
    register: async (fields, signal) => (await signInApi()).register(fields, signal),
    logout: (role) => authApi.logout(role),
    saveToken: (role, token) => {
      // A new session must never see the cached data of the previous one.
      queryClient.clear();
      tokenStorage.replace(role, token);
    },
    clearSession: () => {
      tokenStorage.clearSession();
      queryClient.clear();
    },
    goToSignIn: () => navigate('/signin'),
    notify: (notice) => toast({ tone: notice.tone, text: i18n._(notice.message) }),
    loadTexts: async () => {
      preloadToastCard();
      await Promise.all([loadCatalog('app'), signInApi()]);
    },
  };
}

/** The session stored on this device, read once as the app starts. */
function restoreSession(queryClient: QueryClient): AuthInput {
  const storedRole = tokenStorage.storedRole();
  // Every screen of a user's shows the user (the header's balance, the page): asked for
  // now, beside the page's code, rather than once that code has loaded and rendered.
  if (storedRole === 'user') void queryClient.prefetchQuery(userQuery);
  return { storedRole };
}

/**
 * Starts the session before anything below renders (the first render already knows
 * whether someone is signed in) and feeds the HTTP client's 401s to the auth machine.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  useState(() =>
    startAuthSession(restoreSession(queryClient), appAuthServices(queryClient, toast)),
  );
  useEffect(() => onUnauthorized(() => sendAuth({ type: 'UNAUTHORIZED' })), []);
  return children;
}
