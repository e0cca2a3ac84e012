import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { QueueUser } from '../../../common/contract';
import { parseCoinUnits } from '../../../common/money';
import { formatCoinQuantity } from '../../ui/money';
import { Page } from '../../ui/page';

/**
 * Building blocks shared by the console's screens: a wider column on desktop, the user
 * behind a request, an image that opens in full size.
 */

/** Full width on phones; up to 1120 px on a desktop, so tables and card grids have room. */
export const AdminPage = styled(Page)`
  @media (min-width: 600px) {
    max-width: ${({ theme }) => theme.sizes.consoleMaxWidthPx}px;
    padding-left: ${({ theme }) => theme.space.xl};
    padding-right: ${({ theme }) => theme.space.xl};
  }
`;

export const PageHeading = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

/**
 * The user behind a request: full name, then username, email and Pay ID. Plain text, never
 * markup: the name is whatever the user typed at sign-up.
 */
export function UserSummary({ user }: { user: QueueUser }) {
  return (
    <UserBox>
      <strong>{user.fullName}</strong>
      <span>@{user.username}</span>
      <span>{user.email}</span>
      <span>
        <Trans>Pay ID</Trans> {user.payId}
      </span>
    </UserBox>
  );
}

const UserBox = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;

  strong {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
  span {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

/** A document or screenshot, shown large enough to read, that opens in a new tab. */
export function DocumentImage({ src, label }: { src: string; label: ReactNode & string }) {
  const { t } = useLingui();
  return (
    <Figure>
      <figcaption>{label}</figcaption>
      <a href={src} target="_blank" rel="noopener noreferrer" title={t`Open full size`}>
        <img src={src} alt={label} loading="lazy" />
      </a>
    </Figure>
  );
}

const Figure = styled.figure`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;

  figcaption {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  a {
    display: block;
    border-radius: ${({ theme }) => theme.radii.md};
  }
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    max-height: 420px;
    object-fit: contain;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

/** Two columns on a desktop (facts, then actions and images); one on a phone. */
export const DetailColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;

  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr);
  }

  > div {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.lg};
    min-width: 0;
  }
`;

export const Mono = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

/** A coin amount from the wire ("594.00000000") as shown: "594.00"; unreadable ones as sent. */
export function coinText(wire: string, currency: string): string {
  const parsed = parseCoinUnits(wire);
  return `${parsed.ok ? formatCoinQuantity(parsed.units) : wire} ${currency}`;
}
