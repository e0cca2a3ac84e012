import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import { BackIcon, ChevronRightIcon } from '../../../ui/icons';
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
  { to: '/admin/outbox', label: msg`Outbox` },
];

/** The section a path belongs to: a queue's detail pages belong to their queue. */
export function currentSection(path: string): string | undefined {
  if (path === '/admin' || path === '/admin/') return '/admin/dashboard';
  return SECTIONS.find(({ to }) => path === to || path.startsWith(`${to}/`))?.to;
}

/** How far one press of an arrow scrolls the row, as a share of its visible width. */
const SCROLL_STEP_SHARE = 0.7;

/** Which ends of the row have sections out of view. */
interface Overflow {
  start: boolean;
  end: boolean;
}

function overflowOf(nav: HTMLElement): Overflow {
  // A pixel of slack: fractional widths may leave the last one short of the end.
  return {
    start: nav.scrollLeft > 1,
    end: nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1,
  };
}

/** The row's overflow, updated as it scrolls and as its size changes. */
function useOverflow(navRef: RefObject<HTMLElement | null>): Overflow {
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const update = () => {
      const next = overflowOf(nav);
      setOverflow((last) => (last.start === next.start && last.end === next.end ? last : next));
    };
    update();
    nav.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(nav);
    return () => {
      nav.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [navRef]);
  return overflow;
}

/**
 * The admin area's sections: one row of chips that scrolls sideways when it does not fit
 * (a phone, a long language), a plain row of tabs otherwise. An end with sections out of
 * view fades out under an arrow button that scrolls the row; the current section is
 * scrolled into view.
 */
export function AdminNav() {
  const { i18n, t } = useLingui();
  const [path] = useLocation();
  const current = currentSection(path);
  const navRef = useRef<HTMLElement>(null);
  const overflow = useOverflow(navRef);
  // Bring the current section into view (Audit log is far right).
  useEffect(() => {
    const nav = navRef.current;
    const item = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !item) return;
    const overflowPx = item.offsetLeft + item.offsetWidth - (nav.scrollLeft + nav.clientWidth);
    if (overflowPx > 0 || item.offsetLeft < nav.scrollLeft) {
      nav.scrollLeft = item.offsetLeft - (nav.clientWidth - item.offsetWidth) / 2;
    }
  }, [current]);
  const scroll = (direction: -1 | 1) => {
    const nav = navRef.current;
    if (!nav) return;
    nav.scrollBy({ left: direction * nav.clientWidth * SCROLL_STEP_SHARE, behavior: 'smooth' });
  };
  return (
    <Row>
      <Nav ref={navRef} aria-label={t`Admin`} $fadeStart={overflow.start} $fadeEnd={overflow.end}>
        {SECTIONS.map(({ to, label }) => (
          <Item key={to} href={to} aria-current={current === to ? 'page' : undefined}>
            {i18n._(label)}
          </Item>
        ))}
      </Nav>
      {overflow.start && (
        <Arrow
          type="button"
          $side="start"
          aria-label={t`More sections before`}
          onClick={() => scroll(-1)}
        >
          <BackIcon sizePx={18} />
        </Arrow>
      )}
      {overflow.end && (
        <Arrow
          type="button"
          $side="end"
          aria-label={t`More sections after`}
          onClick={() => scroll(1)}
        >
          <ChevronRightIcon sizePx={18} />
        </Arrow>
      )}
    </Row>
  );
}

/** How wide a faded end is: under its arrow. */
const FADE_PX = 48;

const Row = styled.div`
  position: relative;
`;

const Nav = styled.nav<{ $fadeStart: boolean; $fadeEnd: boolean }>`
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
  /* Sections out of view fade out at that end: the row says it goes on. */
  mask-image: linear-gradient(
    to right,
    ${({ $fadeStart }) => ($fadeStart ? 'transparent' : '#000')} 0,
    #000 ${FADE_PX}px,
    #000 calc(100% - ${FADE_PX}px),
    ${({ $fadeEnd }) => ($fadeEnd ? 'transparent' : '#000')} 100%
  );

  &::-webkit-scrollbar {
    display: none;
  }
`;

const Arrow = styled.button<{ $side: 'start' | 'end' }>`
  position: absolute;
  top: 50%;
  ${({ $side }) => ($side === 'start' ? 'left' : 'right')}: 2px;
  transform: translateY(-50%);
  display: grid;
  place-items: center;
  width: 32px;
  height: 40px;
  padding: 0;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  cursor: pointer;
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
