import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { RequestStatus } from '../../../common/contract';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { Card, Muted, Page } from '../../ui/page';
import { SkeletonText } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { statusColor } from './request-status';
import { DetailListSkeleton, LoadingRegion } from './skeletons';
import { iconDisc } from '../../ui/layout';
import { theme } from '../../ui/theme';

/**
 * The head of a deposit's or withdrawal's detail (docs/product.md §2): 'Request Pending' with a
 * spinner, 'Request Completed', or 'Request Rejected' with the reason when one was given.
 */
export function RequestOutcome({
  status,
  reason,
  amount,
  completedText,
}: {
  status: RequestStatus;
  reason: string | null;
  amount: ReactNode;
  completedText?: ReactNode;
}) {
  return (
    <Outcome $status={status} aria-live="polite">
      <Mark $status={status}>
        {status === 'Pending' && <Spinner sizePx={28} current />}
        {status === 'Completed' && <CheckIcon sizePx={28} />}
        {status === 'Rejected' && <AlertIcon sizePx={28} />}
      </Mark>
      <h2>
        {status === 'Pending' && <Trans>Request Pending</Trans>}
        {status === 'Completed' && <Trans>Request Completed</Trans>}
        {status === 'Rejected' && <Trans>Request Rejected</Trans>}
      </h2>
      <Amount>{amount}</Amount>
      {status === 'Completed' && completedText && <Muted>{completedText}</Muted>}
      {status === 'Rejected' && reason && (
        <Reason>
          <Trans>Reason: {reason}</Trans>
        </Reason>
      )}
    </Outcome>
  );
}

/**
 * A deposit's, withdrawal's or transfer's detail on its way: the outcome card and `rows`
 * label-value rows, with the lines the loaded screen has.
 */
export function RequestDetailSkeleton({ rows }: { rows: number }) {
  return (
    <Page>
      <LoadingRegion>
        <Outcome $status="" aria-hidden="true">
          <Mark $status="" />
          <h2>
            <SkeletonText $widthEm={8} />
          </h2>
          <Amount>
            <SkeletonText $widthEm={5} />
          </Amount>
        </Outcome>
        <DetailListSkeleton rows={rows} />
      </LoadingRegion>
    </Page>
  );
}

const Outcome = styled(Card)<{ $status: string }>`
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.xl} ${theme.space.lg};
  text-align: center;
  border-color: ${({ theme, $status }) => `${statusColor(theme, $status)}55`};

  h2 {
    font-size: ${theme.fontSizes.lg};
    color: ${({ theme, $status }) => statusColor(theme, $status)};
  }
`;

const Mark = styled.span<{ $status: string }>`
  ${iconDisc(56)}
  color: ${({ theme, $status }) => statusColor(theme, $status)};
  background: ${({ theme, $status }) => `${statusColor(theme, $status)}22`};
`;

const Amount = styled.p`
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
`;

const Reason = styled.p`
  max-width: 100%;
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
