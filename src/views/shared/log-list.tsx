import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { List } from '../../ui/list';
import { Figure } from '../../ui/page';
import { Skeleton, SkeletonText } from '../../ui/skeleton';
import { LoadingRegion } from './skeletons';
import { flexColumn, flexRow, iconDisc } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** A history list (deposits, withdrawals, transfers): one tappable row per record. */
export const LogList = List;

export function LogRow({
  to,
  icon,
  title,
  time,
  amount,
  end,
}: {
  to: string;
  icon?: ReactNode;
  title: ReactNode;
  /** An ISO timestamp and its display text. */
  time: { iso: string; text: string };
  amount: ReactNode;
  /** Under the amount: the status. */
  end: ReactNode;
}) {
  return (
    <li>
      <Row href={to}>
        {icon && <RecordIcon>{icon}</RecordIcon>}
        <Main>
          <strong>{title}</strong>
          <time dateTime={time.iso}>{time.text}</time>
        </Main>
        <End>
          <Figure>{amount}</Figure>
          {end}
        </End>
      </Row>
    </li>
  );
}

/** A history list on its way: `rows` rows in the shape of `LogRow`. */
export function LogListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <LoadingRegion>
      <LogList aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index}>
            <SkeletonRow>
              <RecordIcon />
              <Main>
                <strong>
                  <SkeletonText $widthEm={index % 2 === 0 ? 7 : 9} />
                </strong>
                <time>
                  <SkeletonText $widthEm={11} />
                </time>
              </Main>
              <End>
                <span>
                  <SkeletonText $widthEm={6} />
                </span>
                <StatusSkeleton />
              </End>
            </SkeletonRow>
          </li>
        ))}
      </LogList>
    </LoadingRegion>
  );
}

const rowStyle = css`
  ${flexRow(theme.space.md)}
  min-height: ${theme.sizes.touchPx + 20}px;
  padding: ${theme.space.md} ${theme.space.lg};
  color: ${theme.colors.text};
`;

const Row = styled(Link)`
  ${rowStyle}

  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

const SkeletonRow = styled.div`
  ${rowStyle}
`;

/** The round icon at a record row's start (the kind of movement). */
export const RecordIcon = styled.span`
  ${iconDisc(36)}
  flex: none;
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.textMuted};
`;

const Main = styled.span`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;

  strong {
    font-weight: ${theme.fontWeights.semibold};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  time {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
  }
`;

const End = styled.span`
  ${flexColumn(theme.space.xs)}
  align-items: flex-end;
  flex: none;
  font-weight: ${theme.fontWeights.semibold};
  font-size: ${theme.fontSizes.sm};
`;

/** The size of the status dot (`StatusDot`). */
const StatusSkeleton = styled(Skeleton)`
  width: 10px;
  height: 10px;
  border-radius: 50%;
`;
