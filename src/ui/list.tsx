import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { ChevronRightIcon } from './icons';
import { flexRow } from './layout';
import { theme } from './theme';

/** A card-like list of rows, e.g. the settings links. */
export const List = styled.ul`
  display: flex;
  flex-direction: column;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  overflow: hidden;

  > li + li {
    border-top: 1px solid ${theme.colors.border};
  }
`;

const rowStyle = css`
  ${flexRow(theme.space.md)}
  min-height: ${theme.sizes.touchPx + 12}px;
  padding: 0 ${theme.space.lg};
  color: ${theme.colors.text};
  text-decoration: none;
`;

const RowLink = styled(Link)`
  ${rowStyle}
  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

const RowAnchor = styled.a`
  ${rowStyle}
  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

const RowStatic = styled.div`
  ${rowStyle}
  color: ${theme.colors.textMuted};
`;

const RowIcon = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  width: 36px;
  height: 36px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.primaryHover};
`;

const RowLabel = styled.span`
  flex: 1;
  min-width: 0;
`;

const RowEnd = styled.span`
  ${flexRow(theme.space.xs)}
  color: ${theme.colors.textFaint};
  font-size: ${theme.fontSizes.sm};
`;

interface RowProps {
  icon?: ReactNode;
  children: ReactNode;
  end?: ReactNode;
}

function RowContent({ icon, children, end, chevron }: RowProps & { chevron: boolean }) {
  return (
    <>
      {icon && <RowIcon>{icon}</RowIcon>}
      <RowLabel>{children}</RowLabel>
      <RowEnd>
        {end}
        {chevron && <ChevronRightIcon sizePx={18} />}
      </RowEnd>
    </>
  );
}

/** A row linking inside the app. */
export function ListLink({ to, ...props }: RowProps & { to: string }) {
  return (
    <li>
      <RowLink href={to}>
        <RowContent {...props} chevron />
      </RowLink>
    </li>
  );
}

/** A row linking outside the app, opened in a new tab without access to this window. */
export function ListExternalLink({ href, ...props }: RowProps & { href: string }) {
  return (
    <li>
      <RowAnchor href={href} target="_blank" rel="noopener noreferrer">
        <RowContent {...props} chevron />
      </RowAnchor>
    </li>
  );
}

/** A row without an action. */
export function ListItem(props: RowProps) {
  return (
    <li>
      <RowStatic>
        <RowContent {...props} chevron={false} />
      </RowStatic>
    </li>
  );
}

/** Label and value pairs, e.g. the fields of a transaction. */
export const DetailList = styled.dl`
  display: flex;
  flex-direction: column;
  margin: 0;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};

  > div {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: ${theme.space.lg};
    padding: ${theme.space.md} ${theme.space.lg};
  }
  > div + div {
    border-top: 1px solid ${theme.colors.border};
  }
  dt {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    text-align: right;
    overflow-wrap: anywhere;
    font-variant-numeric: tabular-nums;
  }
`;

export function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
