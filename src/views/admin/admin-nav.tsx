import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';

const SECTIONS: readonly { to: string; label: MessageDescriptor }[] = [
  { to: '/admin/dashboard', label: msg`Dashboard` },
  { to: '/admin/settings', label: msg`Settings` },
  { to: '/admin/users', label: msg`Users` },
];

/** The admin area's sections. */
export function AdminNav() {
  const { i18n, t } = useLingui();
  const [path] = useLocation();
  const current = path === '/admin' ? '/admin/dashboard' : path;
  return (
    <Nav aria-label={t`Admin`}>
      {SECTIONS.map(({ to, label }) => (
        <Item key={to} href={to} aria-current={current === to ? 'page' : undefined}>
          {i18n._(label)}
        </Item>
      ))}
    </Nav>
  );
}

const Nav = styled.nav`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Item = styled(Link)`
  display: grid;
  place-items: center;
  min-height: 40px;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};

  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
`;
