import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../ui/button';
import { HistoryIcon } from '../../../ui/icons';
import { EmptyState } from '../../../ui/page';
import { useLoadView } from '../../../services/load-view';
import { LoadError } from '../../shared/load-error';
import { isNotFound } from '../../shared/record-state';
import { ContentSkeleton } from '../../shared/skeletons';
import { AdminNav } from './admin-nav';
import { AdminPage } from './admin-ui';

/** A detail screen before its record is there: loading, not found, or failed. */
export function AdminDetailPending({
  query,
  backTo,
  errorText,
}: {
  query: UseQueryResult<unknown>;
  backTo: string;
  errorText: ReactNode;
}) {
  const queryView = useLoadView(query);
  if (!queryView.failed) {
    return (
      <AdminPage>
        <AdminNav />
        <ContentSkeleton rows={8} />
      </AdminPage>
    );
  }
  return (
    <AdminPage>
      <AdminNav />
      {isNotFound(query.error) ? (
        <EmptyState icon={<HistoryIcon sizePx={32} />} title={<Trans>Request not found.</Trans>}>
          <Trans>It may have been removed, or the link is wrong.</Trans>
        </EmptyState>
      ) : (
        <LoadError onRetry={queryView.retry} busy={queryView.busy}>
          {errorText}
        </LoadError>
      )}
      <ButtonLink to={backTo} variant="secondary">
        <Trans>Back to the list</Trans>
      </ButtonLink>
    </AdminPage>
  );
}
