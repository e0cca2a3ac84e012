import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ThemeProvider } from 'styled-components';
import { useSession } from '../machines/auth-session';
import { MarketFeedProvider } from '../services/market-feed-react';
import { GlobalStyle } from '../ui/global-style';
import { theme } from '../ui/theme';
import { ToastProvider } from '../ui/toast';
import { AuthProvider } from './auth-provider';
import { ErrorBoundary } from './error-boundary';
import { i18n } from './i18n/i18n';
import { AppShell } from './shell/app-shell';

const SignedInHosts = lazy(() => import('./signed-in-hosts'));

/**
 * The app. Its query cache is made once, outside React (`main.tsx`): a first render that
 * React throws away before committing (it may, for a transition that suspends) would
 * otherwise make a second cache, and the data asked for during the first would be asked for
 * again.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <I18nProvider i18n={i18n}>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <AuthProvider>
                <MarketFeedProvider>
                  <AppShell />
                  <SessionHosts />
                </MarketFeedProvider>
              </AuthProvider>
            </ToastProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </I18nProvider>
    </ThemeProvider>
  );
}

/** The signed-in user's hosts (signed-in-hosts.tsx), loaded once there is a session. */
function SessionHosts() {
  const signedIn = useSession().role !== null;
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <SignedInHosts />
    </Suspense>
  );
}
