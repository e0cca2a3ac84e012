import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { User } from '../../../common/contract';
import { useUser } from '../../services/queries';
import { Page } from '../../ui/page';
import { LoadError } from './load-error';
import { PageSkeleton } from './skeletons';

/**
 * Renders `children` with the signed-in user once loaded: `skeleton` (the screen's shape)
 * meanwhile, and 'Failed to load user data.' with a retry when the call fails.
 */
export function WithUser({
  children,
  skeleton,
}: {
  children: (user: User) => ReactNode;
  skeleton?: ReactNode;
}) {
  const user = useUser();
  if (user.data) return <>{children(user.data)}</>;
  if (user.isError) return <UserLoadError />;
  return <>{skeleton ?? <PageSkeleton />}</>;
}

/** The user could not be loaded: SPEC's text and a retry. */
export function UserLoadError() {
  const user = useUser();
  return (
    <Page>
      <LoadError onRetry={() => void user.refetch()} busy={user.isFetching}>
        <Trans>Failed to load user data.</Trans>
      </LoadError>
    </Page>
  );
}
