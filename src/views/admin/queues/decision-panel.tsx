import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { TextAreaField, TextField } from '../../../ui/text-field';
import { Card, ErrorMessage, Muted } from '../../../ui/page';
import {
  REASON_MAX_LENGTH,
  decisionErrorMessage,
  reasonError,
  transactionHashError,
} from './queue-model';
import { theme } from '../../../ui/theme';
import { useReason } from '../console/use-reason';

/**
 * Approve or reject a pending request. Approving asks for confirmation (and, for a
 * withdrawal, the transaction hash first); rejecting asks for the reason the user will see.
 * A failed decision is shown even when the request is no longer pending (someone else
 * decided it), so the panel stays mounted and hides only its buttons.
 */
export function DecisionPanel({
  pending,
  approveLabel,
  approveTitle,
  rejectTitle,
  summary,
  askHash = false,
  note,
  blocked = false,
  busy,
  error,
  onApprove,
  onReject,
}: {
  pending: boolean;
  approveLabel: ReactNode;
  approveTitle: ReactNode;
  rejectTitle: ReactNode;
  /** What is decided, repeated in the confirmation. */
  summary: ReactNode;
  /** Whether approving needs the on-chain transaction hash. */
  askHash?: boolean;
  note?: ReactNode;
  /** The admin may not approve (they gave the first approval): the button is disabled. */
  blocked?: boolean;
  busy: boolean;
  error: unknown;
  onApprove: (transactionHash: string | undefined) => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
}) {
  const { i18n, t } = useLingui();
  const [hash, setHash] = useState('');
  const [hashError, setHashError] = useState<MessageDescriptor | null>(null);
  const reason = useReason(reasonError);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);

  const failure = error ? decisionErrorMessage(error) : null;
  const failureText =
    failure === null ? null : typeof failure === 'string' ? failure : i18n._(failure);

  const close = () => setDialog(null);

  function startApprove() {
    if (askHash) {
      const problem = transactionHashError(hash);
      setHashError(problem);
      if (problem) return;
    }
    setDialog('approve');
  }

  async function confirmApprove() {
    try {
      await onApprove(askHash ? hash.trim() : undefined);
      setHash('');
    } catch {
      // Shown from `error`.
    } finally {
      setDialog(null);
    }
  }

  async function confirmReject() {
    const text = reason.take();
    if (text === null) return;
    try {
      await onReject(text);
      reason.clear();
    } catch {
      // Shown from `error`.
    } finally {
      setDialog(null);
    }
  }

  return (
    <>
      {failureText && <ErrorMessage>{failureText}</ErrorMessage>}
      {pending && (
        <Card as="section" aria-label={t`Decision`}>
          {note && <Muted>{note}</Muted>}
          {askHash && (
            <TextField
              label={<Trans>Transaction hash</Trans>}
              value={hash}
              onChange={(event) => {
                setHash(event.target.value);
                if (hashError) setHashError(null);
              }}
              error={hashError ? i18n._(hashError) : undefined}
              hint={<Trans>The hash of the payment you sent on chain.</Trans>}
              autoComplete="off"
              spellCheck={false}
            />
          )}
          <Actions>
            <Button variant="danger" onClick={() => setDialog('reject')} disabled={busy}>
              <Trans>Reject</Trans>
            </Button>
            <Button
              onClick={startApprove}
              busy={busy && dialog === null}
              disabled={busy || blocked}
            >
              {approveLabel}
            </Button>
          </Actions>
        </Card>
      )}

      <ConfirmDialog
        open={dialog === 'approve'}
        title={approveTitle}
        confirmLabel={<Trans>Confirm</Trans>}
        busy={busy}
        onConfirm={() => void confirmApprove()}
        onCancel={close}
      >
        {summary}
        {askHash && (
          <Muted>
            <Trans>Transaction hash</Trans>: <HashText>{hash.trim()}</HashText>
          </Muted>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === 'reject'}
        title={rejectTitle}
        confirmLabel={<Trans>Reject</Trans>}
        tone="danger"
        busy={busy}
        onConfirm={() => void confirmReject()}
        onCancel={close}
      >
        {summary}
        <ReasonField
          label={<Trans>Reason (shown to the user)</Trans>}
          maxLength={REASON_MAX_LENGTH}
          {...reason.field}
        />
      </ConfirmDialog>
    </>
  );
}

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.md};
`;

const HashText = styled.code`
  font-family: ${theme.fonts.mono};
  overflow-wrap: anywhere;
`;

/**
 * Raised from the dialog's surface, and without TextField's focus ring: as this dialog had
 * it before the field was shared.
 */
const ReasonField = styled(TextAreaField)`
  textarea {
    background: ${theme.colors.surfaceRaised};
  }
  textarea:focus {
    box-shadow: none;
  }
`;
