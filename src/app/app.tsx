import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { MarketFeedProvider } from '../services/market-feed-react';
import { createQueryClient } from '../services/query-client';
import { GlobalStyle } from '../ui/global-style';
import { theme } from '../ui/theme';
import { ToastProvider } from '../ui/toast';
import { AuthProvider } from './auth-provider';
import { ErrorBoundary } from './error-boundary';
import { i18n } from './i18n/i18n';
import { AppShell } from './shell/app-shell';

export function App() {
  const [queryClient] = useState(createQueryClient);
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
                </MarketFeedProvider>
              </AuthProvider>
            </ToastProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </I18nProvider>
    </ThemeProvider>
  );
}
