import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import type { QueueUser } from '../../../../common/contract';
import { useDateTime } from '../../../ui/date-time';
import { HistoryIcon } from '../../../ui/page-icons';
import { formatWireAmount } from '../../../ui/money';
import { EmptyState } from '../../../ui/page';
import { Skeleton } from '../../../ui/skeleton';
import { useLoadView } from '../../../services/load-view';
import { LoadError } from '../../shared/load-error';
import { StatusText } from '../../shared/request-status';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, RowLink, RowList, smallCapsStyle } from '../console/admin-ui';
import { ListPager, ListTitle, StatusTabs } from '../console/list-parts';
import { QUEUE_TABS, parseQueueSearch, queueHref, type QueueView } from './queue-model';
import { coinText, UserSummary } from './queue-ui';
import { flexColumn } from '../../../ui/layout';
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

/** What every queue's rows show alike: the user, and the status with its date. */
interface QueueItem {
  _id: string;
  user: QueueUser;
  status: string;
  createdAt: string;
  decidedAt: string | null;
}

/** A row's own cells: what was asked (method, name) and how much (or which document). */
export interface QueueRow {
  what: ReactNode;
  amount: ReactNode;
}

/**
 * A queue: status tabs, the rows of one page (a table-like grid on a desktop, two-line
 * cards on a phone), and previous/next with 'Page x / y'. Refreshed every 10 s by its query.
 */
export function AdminQueue<T extends QueueItem>({
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
  const { t } = useLingui();
  const dateTime = useDateTime();
  const data = query.data;
  const queryView = useLoadView(query);
  return (
    <AdminPage>
      <AdminNav />
      <ListTitle heading={heading} data={data} />
      <QueueTabs
        tabs={QUEUE_TABS}
        current={view.status}
        hrefOf={(status) => queueHref(base, { status, page: 1 })}
      />

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
                <li key={item._id}>
                  <QueueRowLink href={`${base}/${encodeURIComponent(item._id)}`}>
                    <Cell $slot="user">
                      <UserSummary user={item.user} />
                    </Cell>
                    <Cell $slot="what">{row.what}</Cell>
                    <Cell $slot="amount">{row.amount}</Cell>
                    <Cell $slot="status">
                      <Stack>
                        <StatusText status={item.status} />
                        <small>{dateTime(item.decidedAt ?? item.createdAt)}</small>
                      </Stack>
                    </Cell>
                  </QueueRowLink>
                </li>
              );
            })}
          </RowList>
        </>
      )}

      {data && (
        <ListPager
          page={view.page}
          pages={data.pageCount}
          hrefOf={(page) => queueHref(base, { ...view, page })}
        />
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

/** A deposit's or withdrawal's amount in USDT, and under it in the method's coin. */
export function MoneyCell({
  request,
}: {
  request: { amount: string; coinConversion: string; currency: string };
}) {
  return (
    <AmountCell
      main={`${formatWireAmount(request.amount)} USDT`}
      sub={coinText(request.coinConversion, request.currency)}
    />
  );
}

export const Stack = styled.span`
  ${flexColumn('2px')}
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

/** Close under the heading, as they belong to it. */
const QueueTabs = styled(StatusTabs<QueueView['status']>)`
  margin-top: calc(-1 * ${theme.space.sm});
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
