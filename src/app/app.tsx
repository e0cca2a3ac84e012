import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ThemeProvider } from 'styled-components';
import { MarketFeedProvider } from '../services/market-feed-react';
import { GlobalStyle } from '../ui/global-style';
import { theme } from '../ui/theme';
import { ToastProvider } from '../ui/toast';
import { AuthProvider } from './auth-provider';
import { ErrorBoundary } from './error-boundary';
import { i18n } from './i18n/i18n';
import { AppShell } from './shell/app-shell';
import { TradeWatch } from './trade-watch';
import { StepUpHost } from './step-up-host';

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
                  <TradeWatch />
                  <StepUpHost />
                </MarketFeedProvider>
              </AuthProvider>
            </ToastProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </I18nProvider>
    </ThemeProvider>
  );
}
