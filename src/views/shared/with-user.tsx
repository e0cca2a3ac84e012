import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { User } from '../../../common/contract';
import { useUser } from '../../services/queries';
import { Button } from '../../ui/button';
import { ErrorMessage, Page } from '../../ui/page';
import { PageSpinner } from '../../ui/spinner';

const Retry = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/**
 * Renders `children` with the signed-in user once loaded: a spinner meanwhile, and
 * 'Failed to load user data.' with a retry when the call fails.
 */
export function WithUser({ children }: { children: (user: User) => ReactNode }) {
  const user = useUser();
  if (user.data) return <>{children(user.data)}</>;
  if (user.isError) {
    return (
      <Page>
        <Retry>
          <ErrorMessage>
            <Trans>Failed to load user data.</Trans>
          </ErrorMessage>
          <Button variant="secondary" busy={user.isFetching} onClick={() => void user.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Retry>
      </Page>
    );
  }
  return <PageSpinner />;
}
