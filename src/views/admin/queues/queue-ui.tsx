import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { QueueUser } from '../../../../common/contract';
import { ButtonLink } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { Detail, DetailList } from '../../../ui/list';
import { formatCoinWire } from '../../../ui/money';
import { captionedFigure } from '../../../ui/page';
import { theme } from '../../../ui/theme';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, DetailColumns } from '../console/admin-ui';
import { StatusText } from '../../shared/request-status';

/**
 * Parts of the queues' screens: a request's page, the user behind a request, a document
 * image, a coin amount.
 */

/**
 * A request's page: its facts, from who asked and the status on (`children`: more rows of
 * the list, then `note` under it), beside what decides it (`aside`: images, the decision)
 * and the way back to its queue. Two columns on a desktop, one on a phone.
 */
export function RequestPage({
  user,
  status,
  note,
  aside,
  backTo,
  backLabel,
  children,
}: {
  user: ReactNode;
  status: string;
  note?: ReactNode;
  aside: ReactNode;
  backTo: string;
  backLabel: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminPage>
      <AdminNav />
      <DetailColumns>
        <div>
          <DetailList>
            <Detail label={<Trans>User</Trans>}>{user}</Detail>
            <Detail label={<Trans>Status</Trans>}>
              <StatusText status={status} />
            </Detail>
            {children}
          </DetailList>
          {note}
        </div>
        <div>
          {aside}
          <ButtonLink to={backTo} variant="secondary">
            {backLabel}
          </ButtonLink>
        </div>
      </DetailColumns>
    </AdminPage>
  );
}

/** When a request was decided, and by whom when the record says. */
export function DecidedDetail({
  at,
  by,
}: {
  at: string | null | undefined;
  by?: { username: string } | null | undefined;
}) {
  const dateTime = useDateTime();
  if (!at) return null;
  return (
    <Detail label={<Trans>Decided</Trans>}>
      {dateTime(at)}
      {by && ` · ${by.username}`}
    </Detail>
  );
}

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
    font-weight: ${theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
  span {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
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
  ${captionedFigure(theme.space.sm)}
  a {
    display: block;
    border-radius: ${theme.radii.md};
  }
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    max-height: 420px;
    object-fit: contain;
    border-radius: ${theme.radii.md};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.surfaceRaised};
  }
`;

/** A coin amount from the wire ("594.00000000") as shown: "594.00"; unreadable ones as sent. */
export function coinText(wire: string, currency: string): string {
  return `${formatCoinWire(wire)} ${currency}`;
}
