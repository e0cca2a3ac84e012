import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import { useAdminAudit } from '../../services/admin-queries';
import { ApiError } from '../../services/api-error';
import { describeAdminError } from '../../services/error-messages';
import { translate } from '../../services/messages';
import { ButtonLink } from '../../ui/button';
import { HistoryIcon } from '../../ui/icons';
import { EmptyState, ErrorMessage, Muted } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { LoadError } from '../shared/load-error';
import { AdminNav } from './admin-nav';
import { AdminPage, PageHeading } from './admin-ui';
import { AuditEntry } from './audit-entry';
import { AuditFilters } from './audit-filters';
import {
  AUDIT_FILTER_FIELDS,
  auditHref,
  hasFilter,
  parseAuditSearch,
  type AuditFilterField,
} from './audit-model';
import { pageSteps } from './queue-model';

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

      {query.isError && !data ? (
        refusal ? (
          <ErrorMessage>
            {serverProblem ? (
              <Trans>These filters are not accepted. Please correct them.</Trans>
            ) : (
              translate(i18n, refusal.message)
            )}
          </ErrorMessage>
        ) : (
          <LoadError onRetry={() => void query.refetch()} busy={query.isFetching}>
            <Trans>The audit log could not be loaded.</Trans>
          </LoadError>
        )
      ) : !data ? (
        <Entries aria-busy="true" aria-label={t`Loading`}>
          {[0, 1, 2, 3].map((index) => (
            <li key={index}>
              <Skeleton $heightPx={16} $widthPx={180} />
              <Skeleton $heightPx={12} $widthPx={240} />
            </li>
          ))}
        </Entries>
      ) : data.items.length === 0 ? (
        <EmptyState icon={<HistoryIcon sizePx={32} />} title={<Trans>No entries</Trans>}>
          {hasFilter(view.filter) ? (
            <Trans>No entry matches these filters.</Trans>
          ) : (
            <Trans>Nothing has been recorded yet.</Trans>
          )}
        </EmptyState>
      ) : (
        <Entries $stale={query.isPlaceholderData} aria-label={t`Audit entries`}>
          {data.items.map((entry) => (
            <AuditEntry key={entry._id} entry={entry} />
          ))}
        </Entries>
      )}

      {data && steps && pages > 1 && (
        <Pager aria-label={t`Pages`}>
          {steps.previous !== null ? (
            <ButtonLink
              variant="secondary"
              to={auditHref({ filter: view.filter, page: steps.previous })}
            >
              <Trans>Previous</Trans>
            </ButtonLink>
          ) : (
            <span />
          )}
          <Muted>
            <Trans>
              Page {pageNumber} / {pages}
            </Trans>
          </Muted>
          {steps.next !== null ? (
            <ButtonLink
              variant="secondary"
              to={auditHref({ filter: view.filter, page: steps.next })}
            >
              <Trans>Next</Trans>
            </ButtonLink>
          ) : (
            <span />
          )}
        </Pager>
      )}
    </AdminPage>
  );
}

const TitleRow = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  flex-wrap: wrap;
`;

const Entries = styled.ul<{ $stale?: boolean }>`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
  transition: opacity 120ms ease;

  > li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  &[aria-busy='true'] > li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  }
`;

const Pager = styled.nav`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};

  > :first-child {
    justify-self: start;
  }
  > :last-child {
    justify-self: end;
  }
`;
