import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { usePwaState } from './pwa-store';
import { promptInstall } from './register';
import { InstallIcon } from '../../ui/page-icons';
import { flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

/**
 * "Install app" as a drawer menu item, while the browser offers installation (Chromium's
 * `beforeinstallprompt`) and the app is not already installed or running installed.
 */
export function InstallAppItem({ onDone }: { onDone: () => void }) {
  const { installPrompt, installed } = usePwaState();
  if (!installPrompt || installed) return null;
  return (
    <li>
      <MenuButton
        type="button"
        onClick={() => {
          onDone();
          void promptInstall();
        }}
      >
        <InstallIcon sizePx={20} />
        <Trans>Install app</Trans>
      </MenuButton>
    </li>
  );
}

/** The drawer's menu link look, as a button. */
const MenuButton = styled.button`
  ${flexRow(theme.space.md)}
  width: 100%;
  min-height: ${theme.sizes.touchPx + 4}px;
  padding: 0 ${theme.space.md};
  border: 0;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.text};
  font-size: inherit;
  text-align: start;
  cursor: pointer;

  svg {
    color: ${theme.colors.textMuted};
  }
  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;
