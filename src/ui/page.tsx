import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { flexColumn, PAGE_MAX_WIDTH_VAR } from './layout';
import { theme } from './theme';

/**
 * The content column of every screen: full width on phones, centered and capped on wider
 * screens. The app shell places the header above it and the bottom bar below it; on a
 * desktop screen it sets how wide the column may grow (`PAGE_MAX_WIDTH_VAR`, ui/layout.ts).
 */
export const Page = styled.div`
  ${flexColumn(theme.space.xl)}
  width: 100%;
  max-width: var(${PAGE_MAX_WIDTH_VAR}, ${theme.sizes.contentMaxWidthPx}px);
  margin: 0 auto;
  padding: ${theme.space.lg} ${theme.space.lg} ${theme.space.xxl};
`;

export const Section = styled.section`
  ${flexColumn(theme.space.md)}
`;

/** A section named by its small title (`titleId` ties the two), then its content. */
export function TitledSection({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{title}</SectionTitle>
      {children}
    </Section>
  );
}

export const SectionTitle = styled.h2`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  letter-spacing: 0.02em;
  color: ${theme.colors.textMuted};
`;

/** A card's box: padded, rounded, on the surface, with a border. */
export const cardBox = css`
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
`;

/**
 * An image with its caption above it (the screenshots and documents a record shows): the
 * caption small and muted, `gap` above the image.
 */
export const captionedFigure = (gap: string) => css`
  ${flexColumn(gap)}
  margin: 0;

  figcaption {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
`;

export const Card = styled.div`
  ${flexColumn(theme.space.md)}
  ${cardBox}
`;

export const Muted = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** Figures line up in columns: tabular digits wherever numbers are shown. */
export const Figure = styled.span`
  font-variant-numeric: tabular-nums;
  font-feature-settings: 'tnum';
`;

/** How a status reads at a glance: done, waiting, refused, or neither. */
export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

/** A status drawn in its tone: the tone's colour on its soft background (badges, status marks). */
export const toneColors = css<{ $tone?: Tone }>`
  color: ${({ theme, $tone = 'neutral' }) =>
    $tone === 'success'
      ? theme.colors.success
      : $tone === 'warning'
        ? theme.colors.warning
        : $tone === 'danger'
          ? theme.colors.danger
          : theme.colors.textMuted};
  background: ${({ theme, $tone = 'neutral' }) =>
    $tone === 'success'
      ? theme.colors.successSoft
      : $tone === 'warning'
        ? theme.colors.warningSoft
        : $tone === 'danger'
          ? theme.colors.dangerSoft
          : theme.colors.surfaceRaised};
`;

export const Badge = styled.span<{ $tone?: Tone }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  padding: 2px ${theme.space.sm};
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  ${toneColors}
`;

const EmptyBox = styled.div`
  ${flexColumn(theme.space.sm)}
  align-items: center;
  padding: ${theme.space.xxl} ${theme.space.lg};
  text-align: center;
  border-radius: ${theme.radii.lg};
  border: 1px dashed ${theme.colors.border};
  color: ${theme.colors.textMuted};

  svg {
    color: ${theme.colors.textFaint};
    margin-bottom: ${theme.space.xs};
  }
`;

const EmptyTitle = styled.p`
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.semibold};
`;

const EmptyAction = styled.div`
  margin-top: ${theme.space.sm};
`;

/**
 * A friendly placeholder for lists with nothing to show: what would be here, and with
 * `action` the way to make the first one (e.g. a link to deposit).
 */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <EmptyBox>
      {icon}
      <EmptyTitle>{title}</EmptyTitle>
      {children && <Muted>{children}</Muted>}
      {action && <EmptyAction>{action}</EmptyAction>}
    </EmptyBox>
  );
}

const ErrorBox = styled.div`
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;

/** An inline error message, announced when it appears. */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return <ErrorBox role="alert">{children}</ErrorBox>;
}

/**
 * A content column that grows on wide screens, for grids that use the room (the payment
 * methods: 1, 2 or 4 columns).
 */
export const WidePage = styled(Page)`
  @media (min-width: 600px) {
    max-width: 1040px;
  }
`;

/** A warning in a line of its own, with its icon: trading turned off, terms that changed. */
export const WarningNote = styled.p`
  display: flex;
  gap: ${theme.space.md};
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warning};
  font-size: ${theme.fontSizes.sm};

  svg {
    flex: none;
  }
`;
