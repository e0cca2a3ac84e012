import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ComponentType } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import type { WalletActivity } from '../../../common/contract';
import { microsFromWire } from '../../../common/money';
import { useWalletActivity } from '../../services/wallet-queries';
import { ButtonLink } from '../../ui/button';
import { useDateTime } from '../../ui/date-time';
import { ChevronRightIcon, TradeIcon, TransferIcon } from '../../ui/icons';
import { DepositIcon, HistoryIcon, SettingsIcon, WithdrawIcon } from '../../ui/page-icons';
import { List } from '../../ui/list';
import { formatSignedMicros } from '../../ui/money';
import { EmptyState, Figure } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ListPager } from '../shared/list-pager';
import { LoadError } from '../shared/load-error';
import { RecordIcon } from '../shared/log-list';
import { theme } from '../../ui/theme';
import { useLoadView } from '../../services/load-view';
import { flexColumn, flexRow } from '../../ui/layout';

type ActivityKind = WalletActivity['kind'];

/** What each kind of movement is called (nouns: a context of their own), shown as and linked to. */
const KINDS: Record<
  ActivityKind,
  { label: MessageDescriptor; Icon: ComponentType<{ sizePx?: number }>; path: string | null }
> = {
  deposit: {
    label: msg({ message: 'Deposit', context: 'wallet activity' }),
    Icon: DepositIcon,
    path: '/deposit/log/',
  },
  withdrawal: {
    label: msg({ message: 'Withdrawal', context: 'wallet activity' }),
    Icon: WithdrawIcon,
    path: '/withdraw/log/',
  },
  transfer_out: {
    label: msg({ message: 'Transfer sent', context: 'wallet activity' }),
    Icon: TransferIcon,
    path: '/transfer/log/',
  },
  transfer_in: {
    label: msg({ message: 'Transfer received', context: 'wallet activity' }),
    Icon: TransferIcon,
    path: '/transfer/log/',
  },
  adjustment: {
    label: msg({ message: 'Adjustment', context: 'wallet activity' }),
    Icon: SettingsIcon,
    path: null,
  },
  trade: {
    label: msg({ message: 'Trade', context: 'wallet activity' }),
    Icon: TradeIcon,
    path: '/order/',
  },
};

/** Where an activity row leads: the record behind it, when there is one to show. */
export function activityLink(activity: WalletActivity): string | null {
  const path = KINDS[activity.kind].path;
  return path && activity.referenceId ? path + encodeURIComponent(activity.referenceId) : null;
}

/** Every movement of the wallet, newest first, a page at a time. */
export function ActivityList() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const activity = useWalletActivity(page);
  const activityView = useLoadView(activity);
  const data = activity.data;

  if (activityView.failed && (!data || activity.isPlaceholderData)) {
    return (
      <LoadError onRetry={activityView.retry} busy={activityView.busy}>
        <Trans>Failed to load wallet activity.</Trans>
      </LoadError>
    );
  }
  if (!data) return <ActivitySkeleton />;
  if (data.total === 0) {
    return (
      <EmptyState
        icon={<HistoryIcon sizePx={32} />}
        title={<Trans>No wallet activity yet.</Trans>}
        action={
          <ButtonLink to="/deposit">
            <Trans>Make your first deposit</Trans>
          </ButtonLink>
        }
      >
        <Trans>Deposits, withdrawals, transfers and trades will show here.</Trans>
      </EmptyState>
    );
  }
  return (
    <>
      <Rows aria-busy={activity.isPlaceholderData || undefined}>
        {data.items.map((item) => (
          <ActivityRow key={item._id} activity={item} />
        ))}
      </Rows>
      <ListPager
        label={t`Wallet activity pages`}
        page={data.page}
        pages={data.pages}
        busy={activity.isFetching}
        onPage={setPage}
      />
    </>
  );
}

function ActivityRow({ activity }: { activity: WalletActivity }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const { label, Icon } = KINDS[activity.kind];
  const micros = microsFromWire(activity.amount);
  const amount = formatSignedMicros(micros);
  const to = activityLink(activity);
  const content = (
    <>
      <RecordIcon aria-hidden="true">
        <Icon sizePx={18} />
      </RecordIcon>
      <Main>
        <strong>{i18n._(label)}</strong>
        <time dateTime={activity.createdAt}>{dateTime(activity.createdAt)}</time>
      </Main>
      <Amount $sign={micros > 0n ? 1 : micros < 0n ? -1 : 0}>{amount} USDT</Amount>
      {to && <ChevronRightIcon sizePx={16} aria-hidden="true" />}
    </>
  );
  return <li>{to ? <RowLink href={to}>{content}</RowLink> : <RowStatic>{content}</RowStatic>}</li>;
}

function ActivitySkeleton() {
  const { t } = useLingui();
  return (
    <Rows role="status" aria-label={t`Loading...`}>
      {[0, 1, 2, 3, 4].map((index) => (
        <li key={index}>
          <RowStatic>
            <Skeleton $widthPx={36} $heightPx={36} />
            <Main>
              <Skeleton $widthPx={120} />
              <Skeleton $widthPx={90} $heightPx={10} />
            </Main>
            <Skeleton $widthPx={72} />
          </RowStatic>
        </li>
      ))}
    </Rows>
  );
}

const Rows = styled(List)`
  &[aria-busy='true'] {
    opacity: 0.6;
  }
`;

const rowStyle = css`
  ${flexRow(theme.space.md)}
  min-height: ${theme.sizes.touchPx + 16}px;
  padding: ${theme.space.sm} ${theme.space.lg};
`;

const RowLink = styled(Link)`
  ${rowStyle}
  color: ${theme.colors.text};

  > svg {
    flex: none;
    color: ${theme.colors.textFaint};
  }
  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

const RowStatic = styled.div`
  ${rowStyle}
`;

const Main = styled.span`
  ${flexColumn(theme.space.xxs)}
  flex: 1;
  min-width: 0;

  /* Long labels (German, French) wrap rather than lose their end. */
  strong {
    font-weight: ${theme.fontWeights.semibold};
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
  time {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
  }
`;

const Amount = styled(Figure)<{ $sign: number }>`
  flex: none;
  font-weight: ${theme.fontWeights.semibold};
  font-size: ${theme.fontSizes.sm};
  color: ${({ theme, $sign }) =>
    $sign > 0 ? theme.colors.success : $sign < 0 ? theme.colors.danger : theme.colors.text};
`;
