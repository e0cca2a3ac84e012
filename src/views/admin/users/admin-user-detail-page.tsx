import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { IMPERSONATION_TTL_MINUTES, type AdminUserDetail } from '../../../../common/contract';
import { microsFromWire } from '../../../../common/money';
import { useAdminUser } from '../../../services/admin-queries';
import { Button, ButtonLink } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { BackIcon } from '../../../ui/icons';
import { EyeIcon } from '../../../ui/page-icons';
import { Detail, DetailList } from '../../../ui/list';
import { formatAmountMicros, formatWireAmount } from '../../../ui/money';
import { Card, Muted } from '../../../ui/page';
import { recordPage } from '../console/admin-detail';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, Mono } from '../console/admin-ui';
import { UserAdjustmentForm } from './user-adjustment-form';
import { UserFlagsPanel } from './user-flags-panel';
import { UserHistory } from './user-history';
import { UserPasswordForm } from './user-password-form';
import { UserTwoFactorReset } from './user-two-factor-reset';
import { UserProfileForm } from './user-profile-form';
import { USERS_PATH } from './user-model';
import { Amount, UserBadges, UserCard } from './user-ui';
import { flexColumn } from '../../../ui/layout';
import { theme } from '../../../ui/theme';

/** One user: who they are, their money and history, and what an admin may change. */
export default recordPage(useAdminUser, UserDetail, {
  backTo: USERS_PATH,
  errorText: msg`The user could not be loaded.`,
});

function UserDetail({ record: detail }: { record: AdminUserDetail }) {
  const { user } = detail;
  return (
    <AdminPage>
      <AdminNav />
      <BackLink>
        <ButtonLink to={USERS_PATH} variant="ghost">
          <BackIcon sizePx={18} />
          <Trans>Users</Trans>
        </ButtonLink>
      </BackLink>
      {/*
        Two columns on a desktop: who they are, what happened and their profile on the left;
        money and the other actions on the right. On a phone the columns dissolve and `order` puts the money and the
        controls right under the profile, the long history after them.
      */}
      <Columns>
        <div>
          <Slot $order={1}>
            <ProfileCard user={user} blocks={detail.blocks} />
          </Slot>
          <Slot $order={5}>
            <UserHistory detail={detail} />
          </Slot>
          <Slot $order={6}>
            {/* Keyed by id: another user's page never starts from this one's fields. */}
            <UserProfileForm key={user._id} user={user} />
          </Slot>
        </div>
        <div>
          <Slot $order={2}>
            <MoneyCard user={user} />
          </Slot>
          <Slot $order={3}>
            <UserFlagsPanel user={user} />
          </Slot>
          <Slot $order={4}>
            <UserAdjustmentForm user={user} />
          </Slot>
          <Slot $order={7}>
            <UserPasswordForm key={user._id} user={user} />
          </Slot>
          <Slot $order={8}>
            <UserTwoFactorReset key={user._id} user={user} />
          </Slot>
        </div>
      </Columns>
    </AdminPage>
  );
}

function ProfileCard({
  user,
  blocks,
}: {
  user: AdminUserDetail['user'];
  blocks: AdminUserDetail['blocks'];
}) {
  const dateTime = useDateTime();
  return (
    <Card as="section" aria-labelledby="user-name">
      <Identity>
        {/* The user's own words: plain text, never markup. */}
        <h1 id="user-name">{user.fullName}</h1>
        <Muted>@{user.username}</Muted>
        <UserBadges user={user} />
      </Identity>
      <Facts>
        <Detail label={<Trans>Email</Trans>}>{user.email}</Detail>
        <Detail label={<Trans>Phone number</Trans>}>{user.phoneNumber}</Detail>
        <Detail label={<Trans>Pay ID</Trans>}>
          <Mono>{user.payId}</Mono>
        </Detail>
        <Detail label={<Trans>Country</Trans>}>{user.country ?? '—'}</Detail>
        <Detail label={<Trans>Created</Trans>}>{dateTime(user.createdAt)}</Detail>
        <Detail label={<Trans>Last login</Trans>}>
          {user.lastLoginDate ? dateTime(user.lastLoginDate) : <Trans>Never</Trans>}
        </Detail>
        {user.disabledAt && (
          <Detail label={<Trans>Disabled since</Trans>}>{dateTime(user.disabledAt)}</Detail>
        )}
        <Detail label={<Trans>Trading risk acknowledged</Trans>}>
          {user.riskAcknowledgedAt ? dateTime(user.riskAcknowledgedAt) : <Trans>Not yet</Trans>}
        </Detail>
        {blocks.map((block) => (
          <Detail
            key={`${block.kind}-${block.startedAt}`}
            label={
              block.kind === 'timeout' ? <Trans>Time-out</Trans> : <Trans>Self-exclusion</Trans>
            }
          >
            <Trans>
              {dateTime(block.startedAt)} to {dateTime(block.until)}
            </Trans>
          </Detail>
        ))}
        <Detail label={<Trans>User ID</Trans>}>
          <Mono>{user._id}</Mono>
        </Detail>
      </Facts>
      {blocks.length > 0 && (
        <Muted>
          <Trans>
            The user set these time-outs and self-exclusions. Nobody can end them early, admins
            included.
          </Trans>
        </Muted>
      )}
    </Card>
  );
}

function MoneyCard({ user }: { user: AdminUserDetail['user'] }) {
  const { t } = useLingui();
  const total = microsFromWire(user.balance) + microsFromWire(user.onHold);
  const minutes = IMPERSONATION_TTL_MINUTES;
  const viewAs = () => {
    // A tab of its own: the view keeps its session in that tab only (see token-storage).
    window.open(`/admin/view-as/${encodeURIComponent(user._id)}`, '_blank', 'noopener');
  };
  return (
    <UserCard title={t`Balance`}>
      <Figures>
        <Amount label={<Trans>Available balance</Trans>} large>
          <span data-testid="available-balance">{formatWireAmount(user.balance)}</span> USDT
        </Amount>
        <Amount label={<Trans>On hold</Trans>}>{formatWireAmount(user.onHold)} USDT</Amount>
        <Amount label={<Trans>Total</Trans>}>{formatAmountMicros(total)} USDT</Amount>
      </Figures>
      <Button variant="secondary" onClick={viewAs} disabled={user.disabled}>
        <EyeIcon sizePx={18} />
        <Trans>View as user</Trans>
      </Button>
      <Muted>
        {user.disabled ? (
          <Trans>A disabled account cannot be viewed. Enable it first.</Trans>
        ) : (
          <Trans>
            Opens the app as this user in a new tab, read-only, for {minutes} minutes. The view is
            recorded in the audit log.
          </Trans>
        )}
      </Muted>
    </UserCard>
  );
}

const BackLink = styled.div`
  margin: calc(-1 * ${theme.space.md}) 0;

  a {
    min-height: 36px;
    padding: 0 ${theme.space.sm};
    font-size: ${theme.fontSizes.sm};
  }
`;

const Columns = styled.div`
  ${flexColumn(theme.space.lg)}

  > div {
    display: contents;
  }

  @media (min-width: 900px) {
    display: grid;
    grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
    gap: ${theme.space.xl};
    align-items: start;

    > div {
      ${flexColumn(theme.space.lg)}
      min-width: 0;
    }
  }
`;

const Slot = styled.div<{ $order: number }>`
  order: ${({ $order }) => $order};
  min-width: 0;

  @media (min-width: 900px) {
    order: 0;
  }
`;

const Identity = styled.div`
  ${flexColumn(theme.space.xs)}
  min-width: 0;

  h1 {
    font-size: ${theme.fontSizes.xl};
    font-weight: ${theme.fontWeights.bold};
    overflow-wrap: anywhere;
  }
  p {
    overflow-wrap: anywhere;
  }
`;

const Facts = styled(DetailList)`
  border: 0;
  background: transparent;
  border-radius: 0;

  > div {
    padding: ${theme.space.sm} 0;
  }
  dt {
    flex: none;
    white-space: nowrap;
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.md};
  margin: 0;

  > :first-child {
    grid-column: 1 / -1;
  }
`;
