import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { ButtonLink } from '../../../ui/button';
import { Card, Muted, Page } from '../../../ui/page';
import { Skeleton } from '../../../ui/skeleton';
import { flexColumn } from '../../../ui/layout';
import { theme } from '../../../ui/theme';

/**
 * Building blocks shared by the console's screens: a wider column on desktop, the heading
 * row, titled cards, bordered row lists with their column headings and loading rows, pill
 * tabs, the pager, two detail columns and monospaced text.
 */

/** Full width on phones; up to 1120 px on a desktop, so tables and card grids have room. */
export const AdminPage = styled(Page)`
  @media (min-width: 600px) {
    max-width: ${theme.sizes.consoleMaxWidthPx}px;
    padding-left: ${theme.space.xl};
    padding-right: ${theme.space.xl};
  }
`;

export const PageHeading = styled.h1`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

/** A console form: its fields one under the other (their message lines keep them apart). */
export const FieldsForm = styled.form`
  ${flexColumn(theme.space.xs)}
`;

/** A card's heading. */
export const CardTitle = styled.h2`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.semibold};
  margin-bottom: ${theme.space.xs};
`;

/**
 * A card that is a section named by its title, with a line of description under it. Give
 * `titleId` when something inside (a form) is named by the title too.
 */
export function TitledCard({
  title,
  description,
  titleId,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  titleId?: string;
  children: ReactNode;
}) {
  const ownId = useId();
  const id = titleId ?? ownId;
  return (
    <Card as="section" aria-labelledby={id}>
      <header>
        <CardTitle id={id}>{title}</CardTitle>
        {description && <Muted>{description}</Muted>}
      </header>
      {children}
    </Card>
  );
}

/** The heading, and beside it (or under it when narrow) a count or an action. */
export const TitleRow = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space.md};
  flex-wrap: wrap;
  font-variant-numeric: tabular-nums;
`;

/**
 * Rows in one bordered box, a line between each two. `$stale` dims the rows while the next
 * page loads. A screen gives its rows their own layout by extending it. Figures (amounts,
 * ids, dates) are tabular, so they line up from row to row.
 */
export const RowList = styled.ul<{ $stale?: boolean }>`
  font-variant-numeric: tabular-nums;
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  border-radius: ${theme.radii.lg};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  overflow: hidden;
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
  transition: opacity 120ms ease;

  > li + li {
    border-top: 1px solid ${theme.colors.border};
  }
`;

/** A whole row that leads to a page of its own; the screen lays out its cells. */
export const RowLink = styled(Link)`
  color: inherit;
  text-decoration: none;

  &:hover {
    background: ${theme.colors.surfaceHover};
  }
`;

/** A row of a `RowList` whose lines stack: an admin, a four-eyes request, an audit entry. */
export const StackedRow = styled.li`
  ${flexColumn(theme.space.xs)}
  padding: ${theme.space.md} ${theme.space.lg};
  min-width: 0;
`;

/** Short facts of a row (who, when) in small muted text, as many to a line as fit. */
export const FactLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xxs} ${theme.space.lg};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};

  span {
    overflow-wrap: anywhere;
    min-width: 0;
  }
`;

/** The small capitals of a list's or a table's column headings, and of captions. */
export const smallCapsStyle = css`
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.textFaint};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

/** A list still loading: `rows` rows of two grey lines, the first taller. */
export function RowListSkeleton({
  rows,
  widthsPx,
  gap = 'sm',
}: {
  rows: number;
  widthsPx: readonly [number, number];
  /** Between the two lines: the loaded rows' own spacing. */
  gap?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useLingui();
  return (
    <SkeletonList aria-busy="true" aria-label={t`Loading`} $gap={gap}>
      {Array.from({ length: rows }, (_, index) => (
        <li key={index}>
          <Skeleton $heightPx={16} $widthPx={widthsPx[0]} />
          <Skeleton $heightPx={12} $widthPx={widthsPx[1]} />
        </li>
      ))}
    </SkeletonList>
  );
}

const SkeletonList = styled(RowList)<{ $gap: 'xs' | 'sm' | 'md' }>`
  > li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme, $gap }) => theme.space[$gap]};
    padding: ${theme.space.md} ${theme.space.lg};
  }
`;

/** A tab that is a link, shaped as a pill; the current one (`aria-current="page"`) filled. */
export const PillTab = styled(Link)`
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.border};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: none;
  white-space: nowrap;

  &[aria-current='page'] {
    background: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
  }
`;

/**
 * Previous and next around the page's place ('Page 2 / 5', given as `children`). A step
 * that does not exist leaves its place empty, so the text stays in the middle.
 */
export function Pager({
  steps,
  hrefOf,
  children,
}: {
  steps: { previous: number | null; next: number | null };
  hrefOf: (page: number) => string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <PagerNav aria-label={t`Pages`}>
      {steps.previous !== null ? (
        <ButtonLink variant="secondary" to={hrefOf(steps.previous)}>
          <Trans>Previous</Trans>
        </ButtonLink>
      ) : (
        <span />
      )}
      <Muted>{children}</Muted>
      {steps.next !== null ? (
        <ButtonLink variant="secondary" to={hrefOf(steps.next)}>
          <Trans>Next</Trans>
        </ButtonLink>
      ) : (
        <span />
      )}
    </PagerNav>
  );
}

const PagerNav = styled.nav`
  font-variant-numeric: tabular-nums;
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: ${theme.space.md};

  > :first-child {
    justify-self: start;
  }
  > :last-child {
    justify-self: end;
  }
`;

/** Two columns on a desktop (facts, then actions and images); one on a phone. */
export const DetailColumns = styled.div`
  display: grid;
  gap: ${theme.space.xl};
  align-items: start;

  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr);
  }

  > div {
    ${flexColumn(theme.space.lg)}
    min-width: 0;
  }
`;

export const Mono = styled.code`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
