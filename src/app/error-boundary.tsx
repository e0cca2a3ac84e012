import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../ui/theme';

interface State {
  failed: boolean;
}

/**
 * Catches a rendering failure anywhere below it and shows the spec's fallback (docs/product.md §2).
 * It stays failed until the page is reloaded: a half-broken screen could mislead about money.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Uncaught rendering failure', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Fallback role="alert">
        <h1>
          <Trans>Something went wrong.</Trans>
        </h1>
        <p>
          <Trans>Please try refreshing the page or come back later.</Trans>
        </p>
      </Fallback>
    );
  }
}

const Fallback = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.md};
  min-height: 100dvh;
  padding: ${theme.space.xl};
  text-align: center;
  color: ${theme.colors.danger};

  h1 {
    font-size: ${theme.fontSizes.xl};
  }
`;
