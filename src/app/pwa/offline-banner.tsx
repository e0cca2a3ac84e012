import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { AlertIcon } from '../../ui/icons';
import { usePwaState } from './pwa-store';
import { theme } from '../../ui/theme';
import { stripLine, stripText } from '../shell/top-strip';

/**
 * A strip above the screen while the browser is offline. The shell keeps working from the
 * service worker's cache; screens that need the server wait (their queries pause and resume
 * on reconnecting) or show their own error states.
 */
export function OfflineBanner() {
  const { online } = usePwaState();
  if (online) return null;
  return (
    <Bar role="status" data-testid="offline-banner">
      <Inner>
        <AlertIcon sizePx={18} />
        <Text>
          <Trans>You are offline. Prices and balances will update when you reconnect.</Trans>
        </Text>
      </Inner>
    </Bar>
  );
}

const Bar = styled.div`
  padding-top: env(safe-area-inset-top, 0px);
  background: ${theme.colors.warningSoft};
  border-bottom: 1px solid rgba(245, 176, 65, 0.35);
  color: ${theme.colors.warning};
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  ${stripLine}
  min-height: 40px;
  padding: ${theme.space.sm} ${theme.space.lg};
`;

const Text = styled.p`
  ${stripText}
  min-width: 0;
  overflow-wrap: anywhere;
`;
