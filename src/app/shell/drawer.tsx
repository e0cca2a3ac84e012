import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, type ComponentType } from 'react';
import styled, { keyframes } from 'styled-components';
import { Link } from 'wouter';
import type { User } from '../../../common/contract';
import { sendAuth, useSession } from '../../machines/auth-session';
import { useUser } from '../../services/queries';
import { Button, ButtonLink, IconButton } from '../../ui/button';
import { HomeIcon, ShieldCheckIcon } from '../../ui/icons';
import {
  CloseIcon,
  CopyIcon,
  DepositIcon,
  HistoryIcon,
  LogoutIcon,
  SettingsIcon,
  ChatIcon,
} from '../../ui/page-icons';
import { Logo, PRODUCT_NAME } from '../../ui/logo';
import { Badge, Card, Figure, Muted } from '../../ui/page';
import { Skeleton, SkeletonCircle, SkeletonText } from '../../ui/skeleton';
import { useBodyScrollLock } from '../../ui/use-body-scroll-lock';
import { useCopy } from '../../ui/use-copy';
import { useFocusTrap } from '../../ui/use-focus-trap';
import { useOverlayHistory } from '../../ui/overlay-history';
import { LoadError } from '../../views/shared/load-error';
import { InstallAppItem } from '../pwa/install-entry';
import { DRAWER_ID } from './shell-context';
import { Avatar } from '../../ui/avatar';
import { theme } from '../../ui/theme';
import { useLoadView } from '../../services/load-view';
import { flexColumn, flexRow } from '../../ui/layout';

interface DrawerLink {
  to: string;
  label: MessageDescriptor;
  Icon: ComponentType<{ sizePx?: number }>;
}

const USER_LINKS: readonly DrawerLink[] = [
  { to: '/', label: msg`Home`, Icon: HomeIcon },
  { to: '/deposit', label: msg`Deposit`, Icon: DepositIcon },
  { to: '/deposit/log', label: msg`Deposit Logs`, Icon: HistoryIcon },
  { to: '/withdraw/log', label: msg`Withdraw Logs`, Icon: HistoryIcon },
  { to: '/transfer/log', label: msg`Transfer Logs`, Icon: HistoryIcon },
  { to: '/settings', label: msg`Settings`, Icon: SettingsIcon },
];

export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const panel = useRef<HTMLDivElement>(null);
  const session = useSession();
  useFocusTrap(panel, open, onClose);
  useBodyScrollLock(open);
  // Back closes the drawer before it leaves the screen.
  useOverlayHistory(open, onClose);

  if (!open) return null;
  return (
    <>
      <Backdrop data-testid="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <Panel
        ref={panel}
        id={DRAWER_ID}
        role="dialog"
        aria-modal="true"
        aria-label={t`Menu`}
        tabIndex={-1}
      >
        <Top>
          <Logo sizePx={36} />
          <Brand>{PRODUCT_NAME}</Brand>
          <IconButton type="button" aria-label={t`Close menu`} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Top>
        {session.role === 'user' ? <UserMenu onClose={onClose} /> : <GuestMenu onClose={onClose} />}
      </Panel>
    </>
  );
}

function UserMenu({ onClose }: { onClose: () => void }) {
  const { i18n, t } = useLingui();
  const session = useSession();
  const user = useUser();
  const userView = useLoadView(user);
  return (
    <>
      <ProfileCard>
        {user.data ? (
          <Profile user={user.data} onNavigate={onClose} />
        ) : userView.failed ? (
          <LoadError onRetry={userView.retry} busy={userView.busy}>
            <Trans>Failed to load user data.</Trans>
          </LoadError>
        ) : (
          <ProfileSkeleton />
        )}
      </ProfileCard>
      <nav aria-label={t`Menu`}>
        <Links>
          {USER_LINKS.map(({ to, label, Icon }) => (
            <li key={to}>
              <MenuLink href={to} onClick={onClose}>
                <Icon sizePx={20} />
                {i18n._(label)}
              </MenuLink>
            </li>
          ))}
          <InstallAppItem onDone={onClose} />
        </Links>
      </nav>
      <Footer>
        <Button
          variant="danger"
          block
          busy={session.signingOut}
          onClick={() => sendAuth({ type: 'SIGN_OUT' })}
        >
          {!session.signingOut && <LogoutIcon sizePx={20} />}
          <Trans>Logout</Trans>
        </Button>
      </Footer>
    </>
  );
}

function Profile({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const { t } = useLingui();
  const copy = useCopy();
  const initial = user.username.slice(0, 1).toUpperCase();
  return (
    <>
      <Identity>
        <Avatar $sizePx={44} aria-hidden="true">
          {initial}
        </Avatar>
        <div>
          <Username>{user.username}</Username>
          {user.isVerified ? (
            <Badge $tone="success">
              <ShieldCheckIcon sizePx={14} />
              <Trans>Verified</Trans>
            </Badge>
          ) : (
            <VerifyLink href="/kyc/submit-form" onClick={onNavigate}>
              <Trans>Verify Now</Trans>
            </VerifyLink>
          )}
        </div>
      </Identity>
      <PayIdRow>
        <div>
          <Muted>
            <Trans>Pay ID</Trans>
          </Muted>
          <PayId>{user.payId}</PayId>
        </div>
        <IconButton
          type="button"
          aria-label={t`Copy Pay ID`}
          onClick={() => void copy(user.payId, t`Pay Id copied!`)}
        >
          <CopyIcon sizePx={20} />
        </IconButton>
      </PayIdRow>
    </>
  );
}

/** The profile's lines and sizes while the user loads: avatar, name, badge, Pay ID. */
function ProfileSkeleton() {
  const { t } = useLingui();
  return (
    <>
      <Identity role="status" aria-label={t`Loading...`}>
        <SkeletonCircle $widthPx={44} $heightPx={44} />
        <div>
          <Username>
            <SkeletonText $widthEm={7} />
          </Username>
          <Skeleton $widthPx={96} $heightPx={28} />
        </div>
      </Identity>
      <PayIdRow aria-hidden="true">
        <div>
          <Muted>
            <Trans>Pay ID</Trans>
          </Muted>
          <PayId>
            <SkeletonText $widthEm={6} />
          </PayId>
        </div>
        <Skeleton $widthPx={44} $heightPx={44} />
      </PayIdRow>
    </>
  );
}

function GuestMenu({ onClose }: { onClose: () => void }) {
  return (
    <>
      <ProfileCard>
        <Muted>
          <Trans>Sign in to see your balance, deposit, withdraw and trade.</Trans>
        </Muted>
        <ButtonLink to="/signin" block onClick={onClose}>
          <Trans>Sign in</Trans>
        </ButtonLink>
        <ButtonLink to="/signup" variant="secondary" block onClick={onClose}>
          <Trans>Create account</Trans>
        </ButtonLink>
      </ProfileCard>
      <Links>
        <li>
          <MenuLink href="/helpline" onClick={onClose}>
            <ChatIcon sizePx={20} />
            <Trans>Help Center</Trans>
          </MenuLink>
        </li>
        <InstallAppItem onDone={onClose} />
      </Links>
    </>
  );
}

const fadeIn = keyframes`from { opacity: 0; }`;
const slideIn = keyframes`from { transform: translateX(-100%); }`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.drawer};
  background: ${theme.colors.overlay};
  animation: ${fadeIn} ${theme.durations.normalMs}ms ease-out;
`;

const Panel = styled.div`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${theme.zIndices.drawer + 1};
  ${flexColumn(theme.space.lg)}
  width: 80%;
  max-width: ${theme.sizes.drawerMaxWidthPx}px;
  padding: calc(env(safe-area-inset-top, 0px) + ${theme.space.sm}) ${theme.space.lg}
    calc(env(safe-area-inset-bottom, 0px) + ${theme.space.lg});
  overflow-y: auto;
  background: ${theme.colors.surface};
  border-right: 1px solid ${theme.colors.border};
  box-shadow: ${theme.shadows.drawer};
  animation: ${slideIn} ${theme.durations.normalMs}ms ease-out;

  &:focus {
    outline: none;
  }
`;

const Top = styled.div`
  ${flexRow(theme.space.md)}
  min-height: ${theme.sizes.headerHeightPx}px;
`;

const Brand = styled.p`
  flex: 1;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`;

/** Raised from the drawer's surface. */
const ProfileCard = styled(Card)`
  background: ${theme.colors.surfaceRaised};
`;

const Identity = styled.div`
  ${flexRow(theme.space.md)}

  > div {
    ${flexColumn(theme.space.xs)}
    align-items: flex-start;
    min-width: 0;
  }
`;

const Username = styled.p`
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  font-weight: ${theme.fontWeights.semibold};
`;

const VerifyLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 28px;
  padding: 0 ${theme.space.md};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warning};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
`;

const PayIdRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
`;

const PayId = styled(Figure)`
  display: block;
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.lg};
  letter-spacing: 0.04em;
`;

const Links = styled.ul`
  ${flexColumn(theme.space.xxs)}
`;

const MenuLink = styled(Link)`
  ${flexRow(theme.space.md)}
  min-height: ${theme.sizes.touchPx + 4}px;
  padding: 0 ${theme.space.md};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};

  svg {
    color: ${theme.colors.textMuted};
  }
  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

const Footer = styled.div`
  margin-top: auto;
`;
