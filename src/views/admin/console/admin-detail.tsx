import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useParams } from 'wouter';
import { ButtonLink } from '../../../ui/button';
import { HistoryIcon } from '../../../ui/page-icons';
import { EmptyState } from '../../../ui/page';
import { useLoadView } from '../../../services/load-view';
import { LoadError } from '../../shared/load-error';
import { isNotFound } from '../../shared/record-state';
import { ContentSkeleton } from '../../shared/skeletons';
import { AdminNav } from './admin-nav';
import { AdminPage } from './admin-ui';

/**
 * A detail page: the record the address's `:id` names, loaded by `useRecord` and drawn by
 * `Detail`; until then its loading, missing or failed state (`errorText`) with the way back
 * to the list (`backTo`).
 */
export function recordPage<T>(
  useRecord: (id: string) => UseQueryResult<T>,
  Detail: ComponentType<{ record: T }>,
  { backTo, errorText }: { backTo: string; errorText: MessageDescriptor },
) {
  return function RecordPage() {
    const { id = '' } = useParams<{ id: string }>();
    const query = useRecord(id);
    if (query.data !== undefined) return <Detail record={query.data} />;
    return <RecordPending query={query} backTo={backTo} errorText={errorText} />;
  };
}

/** A detail page before its record is there: loading, not found, or failed. */
function RecordPending({
  query,
  backTo,
  errorText,
}: {
  query: UseQueryResult<unknown>;
  backTo: string;
  errorText: MessageDescriptor;
}) {
  const { i18n } = useLingui();
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
          {i18n._(errorText)}
        </LoadError>
      )}
      <ButtonLink to={backTo} variant="secondary">
        <Trans>Back to the list</Trans>
      </ButtonLink>
    </AdminPage>
  );
}
