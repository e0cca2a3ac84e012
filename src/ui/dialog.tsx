import { Trans } from '@lingui/react/macro';
import { useId, useRef, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button } from './button';
import { useBodyScrollLock } from './use-body-scroll-lock';
import { useFocusTrap } from './use-focus-trap';
import { useOverlayHistory } from './overlay-history';
import { flexColumn } from './layout';
import { theme } from './theme';

/**
 * A modal dialog: a sheet rising from the bottom on phones, a centered card on wider
 * screens. It traps the focus, closes on Escape and on a tap outside (unless `onClose` is
 * left out, e.g. while a request is under way), and gives the focus back when it closes.
 * It has a history entry of its own while open: Back closes it (overlay-history.ts).
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
}: {
  open: boolean;
  title: ReactNode;
  onClose?: (() => void) | undefined;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(panel, open, onClose ?? ignore);
  useBodyScrollLock(open);
  useOverlayHistory(open, onClose);
  if (!open) return null;
  return (
    <Layer>
      <Backdrop aria-hidden="true" onClick={onClose} />
      <Panel ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <Title id={titleId}>{title}</Title>
        <Body>{children}</Body>
        {footer && <Footer>{footer}</Footer>}
      </Panel>
    </Layer>
  );
}

function ignore(): void {}

export type ConfirmDialogProps = {
  /** Left out for a dialog that is mounted only while it is open. */
  open?: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The action's button; Cancel comes before it. */
  confirmLabel: ReactNode;
  tone?: 'primary' | 'danger';
  /** The action is under way: its button shows a spinner, Cancel, Escape and the backdrop wait. */
  busy?: boolean;
  /** The action's button is off, e.g. until a form is changed. */
  confirmDisabled?: boolean;
  onCancel: () => void;
} & (
  | { onConfirm: () => void; form?: undefined }
  /** The id of a form in the dialog: the action's button submits it. */
  | { form: string; onConfirm?: undefined }
);

/**
 * A dialog that asks before an action: its text, then Cancel and the action. While the
 * action is busy the dialog cannot be dismissed, and Cancel is off.
 */
export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  tone = 'primary',
  busy = false,
  confirmDisabled = false,
  onCancel,
  onConfirm,
  form,
}: ConfirmDialogProps) {
  const buttons = (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        <Trans>Cancel</Trans>
      </Button>
      <Button
        variant={tone}
        busy={busy}
        disabled={confirmDisabled}
        {...(form === undefined ? { onClick: onConfirm } : { type: 'submit' as const, form })}
      >
        {confirmLabel}
      </Button>
    </>
  );
  return (
    <Dialog open={open} title={title} onClose={busy ? undefined : onCancel} footer={buttons}>
      {children}
    </Dialog>
  );
}

const fadeIn = keyframes`from { opacity: 0; }`;
const rise = keyframes`from { transform: translateY(24px); opacity: 0; }`;

const Layer = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.drawer};
  display: flex;
  align-items: flex-end;
  justify-content: center;

  @media (min-width: 600px) {
    align-items: center;
  }
`;

const Backdrop = styled.div`
  position: absolute;
  inset: 0;
  background: ${theme.colors.overlay};
  animation: ${fadeIn} ${theme.durations.normalMs}ms ease-out;
`;

const Panel = styled.div`
  position: relative;
  ${flexColumn(theme.space.lg)}
  width: 100%;
  max-width: ${theme.sizes.contentMaxWidthPx}px;
  max-height: calc(100dvh - 24px);
  overflow-y: auto;
  padding: ${theme.space.xl} ${theme.space.lg}
    calc(env(safe-area-inset-bottom, 0px) + ${theme.space.lg});
  border-radius: ${theme.radii.xl} ${theme.radii.xl} 0 0;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  box-shadow: ${theme.shadows.raised};
  animation: ${rise} ${theme.durations.normalMs}ms ease-out;

  &:focus {
    outline: none;
  }

  @media (min-width: 600px) {
    border-radius: ${theme.radii.xl};
  }
`;

const Title = styled.h2`
  font-size: ${theme.fontSizes.xl};
  text-align: center;
`;

const Body = styled.div`
  ${flexColumn(theme.space.md)}
`;

/**
 * The actions, secondary first. On phones they stack at full width, the primary one last,
 * nearest the thumb: side by side, labels such as 'Bestätigen & senden' would wrap. The
 * visual order stays the DOM (and focus) order.
 */
const Footer = styled.div`
  ${flexColumn(theme.space.sm)}

  @media (min-width: 420px) {
    flex-direction: row;
    gap: ${theme.space.md};

    > button:last-child {
      flex: 1;
    }
  }
`;
