import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { usePwaState } from './pwa-store';
import { promptInstall } from './register';
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
        <InstallIcon />
        <Trans>Install app</Trans>
      </MenuButton>
    </li>
  );
}

/** A phone with an arrow into it, drawn like the kit's icons (`src/ui/icons.tsx`). */
function InstallIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M12 7v7M9 11l3 3 3-3M10.5 18.5h3" />
    </svg>
  );
}

/** The drawer's menu link look, as a button. */
const MenuButton = styled.button`
  display: flex;
  align-items: center;
  gap: ${theme.space.md};
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
