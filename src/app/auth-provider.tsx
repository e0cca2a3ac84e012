import { useLingui } from '@lingui/react/macro';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { fromPromise, type InspectionEvent, type Observer } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { AuthContext } from '../machines/auth-context';
import { authMachine, type AuthInput } from '../machines/auth.machine';
import * as authApi from '../services/auth-api';
import { userQuery } from '../services/queries';
import { onUnauthorized } from '../services/session-events';
import { tokenStorage } from '../services/token-storage';
import { useToast } from '../ui/toast';

/** The auth machine with the app's real implementations: HTTP, storage, cache, navigation. */
function createAuthLogic(queryClient: QueryClient) {
  return authMachine.provide({
    actors: {
      login: fromPromise(({ input, signal }) => authApi.login(input, signal)),
      register: fromPromise(({ input, signal }) => authApi.register(input, signal)),
      logout: fromPromise(({ input }) => authApi.logout(input.role)),
    },
    actions: {
      saveToken: (_, { role, token }) => {
        // A new session must never see the cached data of the previous one.
        queryClient.clear();
        tokenStorage.replace(role, token);
      },
      clearSession: () => {
        tokenStorage.clearSession();
        queryClient.clear();
      },
      goToSignIn: () => navigate('/signin'),
    },
  });
}

/** The session stored on this device, read once as the app starts. */
function restoreSession(queryClient: QueryClient): AuthInput {
  const storedRole = tokenStorage.storedRole();
  // Every screen of a user's shows the user (the header's balance, the page): asked for
  // now, beside the page's code, rather than once that code has loaded and rendered.
  if (storedRole === 'user') void queryClient.prefetchQuery(userQuery);
  return { storedRole };
}

export function AuthProvider({
  children,
  inspect,
}: {
  children: ReactNode;
  inspect?: Observer<InspectionEvent> | undefined;
}) {
  const queryClient = useQueryClient();
  // Created once: a new logic object would start a second auth actor.
  const [logic] = useState(() => createAuthLogic(queryClient));
  const [input] = useState(() => restoreSession(queryClient));
  return (
    <AuthContext.Provider logic={logic} options={inspect ? { input, inspect } : { input }}>
      <AuthBridge />
      {children}
    </AuthContext.Provider>
  );
}

/** Feeds 401s from the HTTP client to the machine, and its notices to the toasts. */
function AuthBridge() {
  const actor = AuthContext.useActorRef();
  const toast = useToast();
  const { i18n } = useLingui();

  useEffect(() => onUnauthorized(() => actor.send({ type: 'UNAUTHORIZED' })), [actor]);

  useEffect(() => {
    const subscription = actor.on('notice', (notice) => {
      toast({ tone: notice.tone, text: i18n._(notice.message) });
    });
    return () => subscription.unsubscribe();
  }, [actor, toast, i18n]);

  return null;
}
