import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import { useAdminAudit } from '../../../services/admin-queries';
import { ApiError } from '../../../services/api-error';
import { describeAdminError } from '../../../services/error-messages';
import { translate } from '../../../services/messages';
import { HistoryIcon } from '../../../ui/page-icons';
import { EmptyState, ErrorMessage, Muted } from '../../../ui/page';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import {
  AdminPage,
  PageHeading,
  Pager,
  RowList,
  RowListSkeleton,
  TitleRow as BaseTitleRow,
} from '../console/admin-ui';
import { AuditEntry } from './audit-entry';
import { AuditFilters } from './audit-filters';
import {
  AUDIT_FILTER_FIELDS,
  auditHref,
  hasFilter,
  parseAuditSearch,
  type AuditFilterField,
} from './audit-model';
import { pageSteps } from '../console/paging';
import { useLoadView } from '../../../services/load-view';

/**
 * The audit trail, newest first, 50 a page, filtered by actor, action, target type and id.
 * The filters and the page live in the address, so other screens link to a view of it
 * (`/admin/audit?targetType=user&targetId=…`). The log is append-only.
 */
export default function AdminAuditPage() {
  const { i18n, t } = useLingui();
  const search = useSearch();
  const view = useMemo(() => parseAuditSearch(search), [search]);
  const query = useAdminAudit(view);
  const queryView = useLoadView(query);
  const data = query.data;

  // The server refused a filter of the address: say which, under that field.
  const refusal =
    query.error instanceof ApiError && query.error.status === 400
      ? describeAdminError(query.error)
      : null;
  const refusedField = AUDIT_FILTER_FIELDS.find((field) => field === refusal?.field);
  const serverProblem: { field: AuditFilterField; message: string } | null =
    refusal && refusedField
      ? { field: refusedField, message: translate(i18n, refusal.message) }
      : null;

  const steps = data ? pageSteps(view.page, data.pageCount) : null;
  const pages = Math.max(data?.pageCount ?? 1, 1);
  const pageNumber = Math.min(view.page, pages);
  const total = data?.total ?? 0;

  return (
    <AdminPage>
      <AdminNav />
      <TitleRow>
        <div>
          <PageHeading>
            <Trans>Audit log</Trans>
          </PageHeading>
          <Muted>
            <Trans>
              Every admin action, newest first. The log is append-only: entries can never be changed
              or deleted.
            </Trans>
          </Muted>
        </div>
        {data && (
          <Muted aria-live="polite">
            <Trans>Entries: {total}</Trans>
          </Muted>
        )}
      </TitleRow>

      <AuditFilters key={search} filter={view.filter} serverProblem={serverProblem} />

      {queryView.failed && (!data || query.isPlaceholderData) ? (
        refusal ? (
          <ErrorMessage>
            {serverProblem ? (
              <Trans>These filters are not accepted. Please correct them.</Trans>
            ) : (
              translate(i18n, refusal.message)
            )}
          </ErrorMessage>
        ) : (
          <LoadError onRetry={queryView.retry} busy={queryView.busy}>
            <Trans>The audit log could not be loaded.</Trans>
          </LoadError>
        )
      ) : !data ? (
        <RowListSkeleton rows={4} widthsPx={[180, 240]} />
      ) : data.items.length === 0 ? (
        <EmptyState icon={<HistoryIcon sizePx={32} />} title={<Trans>No entries</Trans>}>
          {hasFilter(view.filter) ? (
            <Trans>No entry matches these filters.</Trans>
          ) : (
            <Trans>Nothing has been recorded yet.</Trans>
          )}
        </EmptyState>
      ) : (
        <RowList $stale={query.isPlaceholderData} aria-label={t`Audit entries`}>
          {data.items.map((entry) => (
            <AuditEntry key={entry._id} entry={entry} />
          ))}
        </RowList>
      )}

      {data && steps && pages > 1 && (
        <Pager steps={steps} hrefOf={(page) => auditHref({ filter: view.filter, page })}>
          <Trans>
            Page {pageNumber} / {pages}
          </Trans>
        </Pager>
      )}
    </AdminPage>
  );
}

/** The heading and its note on the left, the count level with the note's last line. */
const TitleRow = styled(BaseTitleRow)`
  align-items: flex-end;
`;
