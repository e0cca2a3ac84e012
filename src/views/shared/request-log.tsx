import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Deposit, Withdraw } from '../../../common/contract';
import { useLoadView } from '../../services/load-view';
import { useDateTime } from '../../ui/date-time';
import { formatWireAmount } from '../../ui/money';
import { Page } from '../../ui/page';
import { LogLoadError } from './load-error';
import { LogList, LogListSkeleton, LogRow } from './log-list';
import { StatusDot } from './request-status';

/**
 * The deposit and withdraw histories (docs/product.md §2): the same rows of gateway, time,
 * amount and status, each opening its record under `rowPath`. The screens differ only in
 * their texts and icon.
 */
export function RequestLogPage({
  log,
  rowPath,
  icon,
  errorText,
  empty,
}: {
  log: UseQueryResult<readonly (Deposit | Withdraw)[]>;
  rowPath: '/deposit/log' | '/withdraw/log';
  icon: ReactNode;
  errorText: ReactNode;
  /** What shows when there are no records yet. */
  empty: ReactNode;
}) {
  const logView = useLoadView(log);
  const dateTime = useDateTime();
  return (
    <Page>
      {log.isPending && !logView.failed && <LogListSkeleton />}
      <LogLoadError hasRows={Boolean(log.data)} view={logView}>
        {errorText}
      </LogLoadError>
      {log.data?.length === 0 && empty}
      {log.data && log.data.length > 0 && (
        <LogList>
          {log.data.map((request) => (
            <LogRow
              key={request._id}
              to={`${rowPath}/${encodeURIComponent(request._id)}`}
              icon={icon}
              title={request.gateway}
              time={{ iso: request.createdAt, text: dateTime(request.createdAt) }}
              amount={`${formatWireAmount(request.amount, 2)} USDT`}
              end={<StatusDot status={request.status} />}
            />
          ))}
        </LogList>
      )}
    </Page>
  );
}
