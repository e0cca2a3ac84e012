import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLoadView } from '../../services/load-view';
import { ButtonLink } from '../../ui/button';
import { HistoryIcon } from '../../ui/page-icons';
import { EmptyState, Page } from '../../ui/page';
import { PageLoadError } from './load-error';
import { isNotFound } from './record-state';
import { RequestDetailSkeleton } from './request-outcome';

/** A detail screen whose record does not exist, with the way back to its list. */
function NotFoundRecord({ id, backTo }: { id: string; backTo: string }) {
  return (
    <Page>
      <EmptyState icon={<HistoryIcon sizePx={32} />} title={<Trans>Transaction not found.</Trans>}>
        <Trans>There is no transaction with the ID {id} in your account.</Trans>
      </EmptyState>
      <ButtonLink to={backTo} variant="secondary" block>
        <Trans>Show Other Transactions</Trans>
      </ButtonLink>
    </Page>
  );
}

/**
 * A deposit, withdrawal or transfer whose record is not on screen: it does not exist (the
 * way back to `logPath`), failed to load (`errorText` and Try again), or is on its way
 * (`skeletonRows` placeholder rows).
 */
export function RecordDetailMissing({
  id,
  detail,
  logPath,
  errorText,
  skeletonRows,
}: {
  id: string;
  detail: UseQueryResult<unknown>;
  logPath: '/deposit/log' | '/withdraw/log' | '/transfer/log';
  errorText: ReactNode;
  skeletonRows: number;
}) {
  const detailView = useLoadView(detail);
  if (!detailView.failed) return <RequestDetailSkeleton rows={skeletonRows} />;
  if (isNotFound(detail.error)) return <NotFoundRecord id={id} backTo={logPath} />;
  return <PageLoadError view={detailView}>{errorText}</PageLoadError>;
}
