import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/button';
import { ErrorMessage, Page } from '../../ui/page';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** A failed load: the screen's error text and a way to try again. */
export function LoadError({
  children,
  onRetry,
  busy,
}: {
  children: ReactNode;
  onRetry: () => void;
  busy: boolean;
}) {
  return (
    <Box>
      <ErrorMessage>{children}</ErrorMessage>
      <Button variant="secondary" busy={busy} onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Box>
  );
}

/** A whole screen that could not load: `LoadError` in the page's column, retried by `view`. */
export function PageLoadError({
  view,
  children,
}: {
  view: { retry: () => void; busy: boolean };
  children: ReactNode;
}) {
  return (
    <Page>
      <LoadError onRetry={view.retry} busy={view.busy}>
        {children}
      </LoadError>
    </Page>
  );
}

/**
 * A history list that failed to load. Rows it loaded before stay on screen under the error
 * text; with none, the text comes with Try again.
 */
export function LogLoadError({
  hasRows,
  view,
  children,
}: {
  hasRows: boolean;
  view: { failed: boolean; retry: () => void; busy: boolean };
  children: ReactNode;
}) {
  if (!view.failed) return null;
  if (hasRows) return <ErrorMessage>{children}</ErrorMessage>;
  return (
    <LoadError onRetry={view.retry} busy={view.busy}>
      {children}
    </LoadError>
  );
}

const Box = styled.div`
  ${flexColumn(theme.space.md)}
`;
