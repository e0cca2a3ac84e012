import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { logout } from '../../services/auth-api';
import { tokenStorage, type ViewAsSession } from '../../services/token-storage';
import { EyeIcon } from '../../ui/page-icons';
import { flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';
import { stripLine, stripText } from './top-strip';

/** The CSS variable the sticky header reads, so it sticks below this banner, not under it. */
export const VIEW_AS_OFFSET_VARIABLE = '--view-as-banner-height';

/** How long a script-opened tab gets to close before the page is shown instead. */
const CLOSE_GRACE_MS = 300;

/** The console's page of the viewed user, where an ended view leads. */
const consoleUserPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

/**
 * Leaves the view: ends its session on the server (the app's usual logout call), forgets it
 * in this tab (only there: see token-storage), then closes the tab, or, when the browser
 * keeps it open, loads the user's page in the console, as the admin again.
 */
async function endView(userId: string, signOut: boolean): Promise<void> {
  if (signOut) {
    try {
      await logout('user');
    } catch {
      // The server ends the session by itself when it expires.
    }
  }
  // Not clearSession: if a 401 has already forgotten the view, that would clear the
  // shared storage and sign the admin out of every tab.
  tokenStorage.endViewAs();
  window.close();
  setTimeout(() => window.location.replace(consoleUserPath(userId)), CLOSE_GRACE_MS);
}

/** The strip across the top of a tab that shows the app as a user for an admin. */
export default function ViewAsStrip({ view }: { view: ViewAsSession }) {
  const { i18n, t } = useLingui();
  const [leaving, setLeaving] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const { username, userId, expiresAt } = view;
  const time = i18n.date(expiresAt, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

  // The header sticks right under the banner, whatever height the text wraps to.
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty(VIEW_AS_OFFSET_VARIABLE, `${element.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(VIEW_AS_OFFSET_VARIABLE);
    };
  }, []);

  // At its end the server refuses the token: leave before the app meets those refusals.
  useEffect(() => {
    const remainingMs = Date.parse(expiresAt) - Date.now();
    const timer = setTimeout(() => void endView(userId, false), Math.max(remainingMs, 0));
    return () => clearTimeout(timer);
  }, [expiresAt, userId]);

  return (
    <Bar ref={bar} role="region" aria-label={t`Read-only view`}>
      <Inner>
        <EyeIcon sizePx={18} />
        <Text>
          <Trans>
            Read-only view of <strong>@{username}</strong> · ends at {time}
          </Trans>
        </Text>
        <Exit
          type="button"
          disabled={leaving}
          aria-busy={leaving || undefined}
          onClick={() => {
            setLeaving(true);
            void endView(userId, true);
          }}
        >
          <Trans>Exit</Trans>
        </Exit>
      </Inner>
    </Bar>
  );
}

const Bar = styled.div`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.header + 1};
  padding-top: env(safe-area-inset-top, 0px);
  background: ${theme.colors.warning};
  color: #1d1503;
`;

const Inner = styled.div`
  ${flexRow(theme.space.sm)}
  ${stripLine}
  min-height: 44px;
  padding: ${theme.space.xs} ${theme.space.sm} ${theme.space.xs} ${theme.space.lg};
`;

const Text = styled.p`
  ${stripText}
  min-width: 0;
  /* Chinese breaks at the spaces around the time, never inside "结束" (ends). */
  word-break: keep-all;
  overflow-wrap: anywhere;

  strong {
    font-weight: ${theme.fontWeights.bold};
  }
`;

const Exit = styled.button`
  flex: none;
  min-height: 36px;
  padding: 0 ${theme.space.md};
  border: 1px solid rgba(29, 21, 3, 0.45);
  border-radius: ${theme.radii.sm};
  background: rgba(255, 255, 255, 0.25);
  color: inherit;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  cursor: pointer;

  &:hover:not(:disabled) {
    background: rgba(255, 255, 255, 0.4);
  }
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;
