import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import { HistoryIcon } from '../../../ui/icons';
import { EmptyState, Muted } from '../../../ui/page';
import { Skeleton } from '../../../ui/skeleton';
import { useLoadView } from '../../../services/load-view';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import {
  AdminPage,
  PageHeading,
  Pager,
  PillTab,
  RowLink,
  RowList,
  TitleRow,
  smallCapsStyle,
} from '../console/admin-ui';
import { pageSteps } from '../console/paging';
import { QUEUE_TABS, parseQueueSearch, queueHref, type QueueView } from './queue-model';
import { theme } from '../../../ui/theme';

/** The status tab and page the address asks for. */
export function useQueueView(): QueueView {
  return parseQueueSearch(useSearch());
}

interface QueuePage<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** A row's four cells: who, what (method, country), how much, and its status with dates. */
export interface QueueRow {
  href: string;
  user: ReactNode;
  what: ReactNode;
  amount: ReactNode;
  status: ReactNode;
}

/**
 * A queue: status tabs, the rows of one page (a table-like grid on a desktop, two-line
 * cards on a phone), and previous/next with 'Page x / y'. Refreshed every 10 s by its query.
 */
export function AdminQueue<T>({
  base,
  heading,
  view,
  query,
  headers,
  toRow,
  errorText,
}: {
  base: string;
  heading: ReactNode;
  view: QueueView;
  query: UseQueryResult<QueuePage<T>>;
  headers: { what: ReactNode; amount: ReactNode };
  toRow: (item: T) => QueueRow;
  errorText: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const data = query.data;
  const queryView = useLoadView(query);
  const steps = data ? pageSteps(view.page, data.pageCount) : null;
  const pages = data?.pageCount ?? 1;
  const pageNumber = Math.min(view.page, pages);
  return (
    <AdminPage>
      <AdminNav />
      <TitleRow>
        <PageHeading>{heading}</PageHeading>
        {data && (
          <Muted aria-live="polite">
            <Trans>{data.total} in this list</Trans>
          </Muted>
        )}
      </TitleRow>
      <Tabs aria-label={t`Status`}>
        {QUEUE_TABS.map(({ status, label }) => (
          <Tab
            key={status}
            href={queueHref(base, { status, page: 1 })}
            aria-current={view.status === status ? 'page' : undefined}
          >
            {i18n._(label)}
          </Tab>
        ))}
      </Tabs>

      {queryView.failed && (!data || query.isPlaceholderData) ? (
        <LoadError onRetry={queryView.retry} busy={queryView.busy}>
          {errorText}
        </LoadError>
      ) : !data ? (
        <RowList aria-busy="true" aria-label={t`Loading`}>
          {[0, 1, 2, 3].map((index) => (
            <li key={index}>
              <SkeletonRow>
                <Skeleton $heightPx={16} $widthPx={140} />
                <Skeleton $heightPx={16} $widthPx={90} />
                <Skeleton $heightPx={12} $widthPx={180} />
                <Skeleton $heightPx={12} $widthPx={70} />
              </SkeletonRow>
            </li>
          ))}
        </RowList>
      ) : data.items.length === 0 ? (
        <EmptyState icon={<HistoryIcon sizePx={32} />} title={<Trans>Nothing to show here.</Trans>}>
          {view.status === 'Pending' ? (
            <Trans>No request is waiting for a decision.</Trans>
          ) : (
            <Trans>No request has this status.</Trans>
          )}
        </EmptyState>
      ) : (
        <>
          <HeaderRow aria-hidden="true">
            <span>
              <Trans>User</Trans>
            </span>
            <span>{headers.what}</span>
            <span>{headers.amount}</span>
            <span>
              <Trans>Status</Trans>
            </span>
          </HeaderRow>
          <RowList $stale={query.isPlaceholderData}>
            {data.items.map((item) => {
              const row = toRow(item);
              return (
                <li key={row.href}>
                  <QueueRowLink href={row.href}>
                    <Cell $slot="user">{row.user}</Cell>
                    <Cell $slot="what">{row.what}</Cell>
                    <Cell $slot="amount">{row.amount}</Cell>
                    <Cell $slot="status">{row.status}</Cell>
                  </QueueRowLink>
                </li>
              );
            })}
          </RowList>
        </>
      )}

      {data && steps && (
        <Pager steps={steps} hrefOf={(page) => queueHref(base, { ...view, page })}>
          <Trans>
            Page {pageNumber} / {pages}
          </Trans>
        </Pager>
      )}
    </AdminPage>
  );
}

/** A row's amount: the figure and, under it, a smaller second line. */
export function AmountCell({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <Stack>
      <strong>{main}</strong>
      {sub && <small>{sub}</small>}
    </Stack>
  );
}

export const Stack = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  font-variant-numeric: tabular-nums;

  strong {
    font-weight: ${theme.fontWeights.semibold};
  }
  small {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Tabs = styled.nav`
  display: flex;
  gap: ${theme.space.xs};
  overflow-x: auto;
  scrollbar-width: none;
  margin-top: calc(-1 * ${theme.space.sm});
`;

const Tab = styled(PillTab)`
  flex: none;
  padding: ${theme.space.sm} ${theme.space.lg};
`;

/** On a desktop: user, what, amount, status. */
const DESKTOP_COLUMNS = 'minmax(0, 1.6fr) minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 1fr)';

const HeaderRow = styled.div`
  display: none;
  @media (min-width: 900px) {
    display: grid;
    grid-template-columns: ${DESKTOP_COLUMNS};
    gap: ${theme.space.lg};
    padding: 0 ${theme.space.lg};
    margin-bottom: calc(-1 * ${theme.space.md});
    ${smallCapsStyle}
  }
`;

const rowGrid = `
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  column-gap: 16px;
  row-gap: 8px;
  padding: 12px 16px;
  @media (min-width: 900px) {
    grid-template-columns: ${DESKTOP_COLUMNS};
    align-items: center;
    padding: 14px 16px;
  }
`;

const QueueRowLink = styled(RowLink)`
  ${rowGrid}
`;

const SkeletonRow = styled.div`
  ${rowGrid}
`;

/** Phone order: user | amount, then what | status. Desktop: the header's order. */
const SLOT_ORDER = { user: 1, amount: 2, what: 3, status: 4 } as const;

const Cell = styled.span<{ $slot: keyof typeof SLOT_ORDER }>`
  min-width: 0;
  order: ${({ $slot }) => SLOT_ORDER[$slot]};
  text-align: ${({ $slot }) => ($slot === 'amount' || $slot === 'status' ? 'right' : 'left')};
  justify-self: ${({ $slot }) => ($slot === 'amount' || $slot === 'status' ? 'end' : 'stretch')};

  @media (min-width: 900px) {
    order: 0;
    text-align: left;
    justify-self: stretch;
  }
`;
