import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { User } from '../../../common/contract';
import { useUser } from '../../services/queries';
import { PageLoadError } from './load-error';
import { PageSkeleton } from './skeletons';
import { useLoadView } from '../../services/load-view';

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
  const userView = useLoadView(user);
  if (user.data) return <>{children(user.data)}</>;
  if (userView.failed) return <UserLoadError />;
  return <>{skeleton ?? <PageSkeleton />}</>;
}

/** The user could not be loaded: the contract's text and a retry. */
export function UserLoadError() {
  const user = useUser();
  const userView = useLoadView(user);
  return (
    <PageLoadError view={userView}>
      <Trans>Failed to load user data.</Trans>
    </PageLoadError>
  );
}
