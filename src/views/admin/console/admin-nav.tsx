import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import { theme } from '../../../ui/theme';

const SECTIONS: readonly { to: string; label: MessageDescriptor }[] = [
  { to: '/admin/dashboard', label: msg`Dashboard` },
  { to: '/admin/deposits', label: msg`Deposits` },
  { to: '/admin/withdrawals', label: msg`Withdrawals` },
  { to: '/admin/kyc', label: msg`KYC` },
  { to: '/admin/approvals', label: msg`Approvals` },
  { to: '/admin/users', label: msg`Users` },
  { to: '/admin/coins', label: msg`Coins` },
  { to: '/admin/methods', label: msg`Methods` },
  { to: '/admin/settings', label: msg`Settings` },
  { to: '/admin/admins', label: msg`Admins` },
  { to: '/admin/audit', label: msg`Audit log` },
];

/** The section a path belongs to: a queue's detail pages belong to their queue. */
export function currentSection(path: string): string | undefined {
  if (path === '/admin' || path === '/admin/') return '/admin/dashboard';
  return SECTIONS.find(({ to }) => path === to || path.startsWith(`${to}/`))?.to;
}

/**
 * The admin area's sections: one row of chips that scrolls sideways on a phone, a plain row
 * of tabs on wider screens.
 */
export function AdminNav() {
  const { i18n, t } = useLingui();
  const [path] = useLocation();
  const current = currentSection(path);
  const navRef = useRef<HTMLElement>(null);
  // On a phone the row scrolls: bring the current section into view (Audit log is far right).
  useEffect(() => {
    const nav = navRef.current;
    const item = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !item) return;
    const overflowPx = item.offsetLeft + item.offsetWidth - (nav.scrollLeft + nav.clientWidth);
    if (overflowPx > 0 || item.offsetLeft < nav.scrollLeft) {
      nav.scrollLeft = item.offsetLeft - (nav.clientWidth - item.offsetWidth) / 2;
    }
  }, [current]);
  return (
    <Nav ref={navRef} aria-label={t`Admin`}>
      {SECTIONS.map(({ to, label }) => (
        <Item key={to} href={to} aria-current={current === to ? 'page' : undefined}>
          {i18n._(label)}
        </Item>
      ))}
    </Nav>
  );
}

const Nav = styled.nav`
  /* Positioned, so the items' offsetLeft is measured from the row's start. */
  position: relative;
  display: flex;
  gap: ${theme.space.xs};
  padding: ${theme.space.xs};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  overflow-x: auto;
  scrollbar-width: none;
  scroll-snap-type: x proximity;

  &::-webkit-scrollbar {
    display: none;
  }
`;

const Item = styled(Link)`
  flex: 1 0 auto;
  display: grid;
  place-items: center;
  min-height: 40px;
  padding: 0 ${theme.space.md};
  border-radius: ${theme.radii.sm};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  white-space: nowrap;
  text-decoration: none;
  scroll-snap-align: start;

  &:hover {
    color: ${theme.colors.text};
  }
  &[aria-current='page'] {
    background: ${theme.colors.surfaceRaised};
    color: ${theme.colors.text};
  }
`;
