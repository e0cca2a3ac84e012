import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/button';
import { ErrorMessage } from '../../ui/page';
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

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;
