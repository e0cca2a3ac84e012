import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button, IconButton } from '../../ui/button';
import { ZapIcon } from '../../ui/icons';
import { CloseIcon } from '../../ui/page-icons';
import { usePwaState } from './pwa-store';
import { theme } from '../../ui/theme';

/** Only offered once the worker's code has found an update, so it is loaded by then. */
const applyUpdate = () => void import('./service-worker-client').then((m) => m.applyUpdate());

/**
 * "A new version is ready." with "Reload", while a new version of the app waits. Closing it
 * keeps the current version for this visit; the next page load offers the update again.
 */
export function UpdatePrompt() {
  const { t } = useLingui();
  const { updateReady, updating } = usePwaState();
  const [dismissed, setDismissed] = useState(false);
  if (!updateReady || dismissed) return null;
  return (
    <Card role="status" data-testid="update-prompt">
      <ZapIcon sizePx={20} />
      <Text>
        <Trans>A new version is ready.</Trans>
      </Text>
      <ReloadButton busy={updating} onClick={applyUpdate}>
        <Trans>Reload</Trans>
      </ReloadButton>
      <IconButton type="button" aria-label={t`Close`} onClick={() => setDismissed(true)}>
        <CloseIcon sizePx={20} />
      </IconButton>
    </Card>
  );
}

const slideUp = keyframes`
  from { opacity: 0; transform: translate(-50%, 8px); }
  to { opacity: 1; transform: translate(-50%, 0); }
`;

/** Above the bottom bar, in the app's column, like the toasts at the top. */
const Card = styled.div`
  position: fixed;
  left: 50%;
  bottom: calc(env(safe-area-inset-bottom, 0px) + ${theme.sizes.bottomBarHeightPx + 12}px);
  transform: translateX(-50%);
  z-index: ${theme.zIndices.toast};
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  width: min(calc(100% - 32px), ${theme.sizes.contentMaxWidthPx - 32}px);
  padding: ${theme.space.sm} ${theme.space.xs} ${theme.space.sm} ${theme.space.lg};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.borderStrong};
  box-shadow: ${theme.shadows.raised};
  animation: ${slideUp} ${theme.durations.normalMs}ms ease-out;

  > svg {
    flex: none;
    color: ${theme.colors.accent};
  }
`;

const Text = styled.p`
  flex: 1;
  min-width: 0;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
`;

const ReloadButton = styled(Button)`
  flex: none;
  min-height: 36px;
  padding: 0 ${theme.space.lg};
  font-size: ${theme.fontSizes.sm};
`;
