import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/text-field';
import { Card, ErrorMessage, Muted } from '../../ui/page';
import {
  REASON_MAX_LENGTH,
  decisionErrorMessage,
  reasonError,
  transactionHashError,
} from './queue-model';

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
  const reasonId = useId();
  const [hash, setHash] = useState('');
  const [hashError, setHashError] = useState<MessageDescriptor | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<MessageDescriptor | null>(null);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);

  const failure = error ? decisionErrorMessage(error) : null;
  const failureText =
    failure === null ? null : typeof failure === 'string' ? failure : i18n._(failure);

  const close = busy ? undefined : () => setDialog(null);

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
    const problem = reasonError(reason);
    setReasonProblem(problem);
    if (problem) return;
    try {
      await onReject(reason.trim());
      setReason('');
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

      <Dialog
        open={dialog === 'approve'}
        title={approveTitle}
        onClose={close}
        footer={
          <Actions>
            <Button variant="secondary" onClick={() => setDialog(null)} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={() => void confirmApprove()} busy={busy}>
              <Trans>Confirm</Trans>
            </Button>
          </Actions>
        }
      >
        {summary}
        {askHash && (
          <Muted>
            <Trans>Transaction hash</Trans>: <HashText>{hash.trim()}</HashText>
          </Muted>
        )}
      </Dialog>

      <Dialog
        open={dialog === 'reject'}
        title={rejectTitle}
        onClose={close}
        footer={
          <Actions>
            <Button variant="secondary" onClick={() => setDialog(null)} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="danger" onClick={() => void confirmReject()} busy={busy}>
              <Trans>Reject</Trans>
            </Button>
          </Actions>
        }
      >
        {summary}
        <Field>
          <label htmlFor={reasonId}>
            <Trans>Reason (shown to the user)</Trans>
          </label>
          <TextArea
            id={reasonId}
            value={reason}
            rows={3}
            maxLength={REASON_MAX_LENGTH}
            aria-invalid={reasonProblem ? true : undefined}
            aria-describedby={reasonProblem ? `${reasonId}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              if (reasonProblem) setReasonProblem(null);
            }}
          />
          {reasonProblem && (
            <FieldError id={`${reasonId}-error`} role="alert">
              {i18n._(reasonProblem)}
            </FieldError>
          )}
        </Field>
      </Dialog>
    </>
  );
}

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.md};
`;

const HashText = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  overflow-wrap: anywhere;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};

  label {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const TextArea = styled.textarea`
  width: 100%;
  min-height: 88px;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 16px;
  resize: vertical;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const FieldError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
