import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { ADJUSTMENT_REASON_MAX_LENGTH, type AdminUserSummary } from '../../../../common/contract';
import { microsFromWire } from '../../../../common/money';
import { useAppActor } from '../../../machines/actors';
import { adjustmentMachine } from '../../../machines/adjustment.machine';
import { submissionWith } from '../../../machines/submission.machine';
import { useAdjustAdminUserBalance, useAdminSettings } from '../../../services/admin-queries';
import { translate } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { focusFirstInvalid } from '../../../ui/focus-first-invalid';
import { Detail, DetailList } from '../../../ui/list';
import { formatAmountMicros, formatSignedMicros, formatWireAmount } from '../../../ui/money';
import { ErrorMessage, Figure, Muted } from '../../../ui/page';
import { TextAreaField, TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import {
  ADJUSTMENT_FIELDS,
  adjustmentFourEyesFrom,
  adjustmentNeedsApproval,
  checkAdjustment,
  type AdjustmentDirection,
  type AdjustmentField,
  type AdjustmentValues,
} from './user-model';
import { pendingText } from '../console/pending-approval';
import { ChoiceGroup, UserCard, UserForm } from './user-ui';
import { theme } from '../../../ui/theme';

const EMPTY: AdjustmentValues = { direction: 'credit', amount: '', reason: '' };

/**
 * Credit or debit the user's wallet, with a recorded reason. The admin reviews the balance
 * before and after in a dialog; each confirmed adjustment gets one idempotency key, which
 * confirming the same adjustment again (after a lost answer) sends again, so it is applied
 * once (`adjustmentMachine`; this form owns the fields and hands it the finished request).
 * From the dual-approval size on, the form says so and the adjustment is sent for a second
 * admin's approval instead of being posted.
 */
export function UserAdjustmentForm({ user }: { user: AdminUserSummary }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const mutation = useAdjustAdminUserBalance(user._id);
  const [logic] = useState(() =>
    adjustmentMachine.provide({
      actors: { submission: submissionWith((attempt) => mutation.mutateAsync(attempt)) },
    }),
  );
  const actor = useAppActor(logic, { id: 'adjustment' });
  const reviewing = useSelector(actor, (s) => s.matches('reviewing'));
  const sending = useSelector(actor, (s) => s.matches('submitting'));
  const failure = useSelector(actor, (s) => s.context.failure);
  const answer = useSelector(actor, (s) => s.context.answer);
  const [values, setValues] = useState<AdjustmentValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);

  // The size from which a second admin must approve: the site's dual-approval threshold.
  const fourEyesFrom = adjustmentFourEyesFrom(useAdminSettings().data?.withdrawalDualApproval);
  // The adjustment last sent for approval, until the form is used again.
  const sentForApproval = answer && 'approval' in answer ? pendingText(answer.approval) : null;
  const available = microsFromWire(user.balance);
  const check = checkAdjustment(values, available);
  const needsApproval = check.ok && adjustmentNeedsApproval(check.micros, fourEyesFrom);
  const errors = check.ok ? {} : check.errors;
  // The server's refusal of a field, shown under it until the form is edited.
  const refusedField =
    failure?.field === 'amount' || failure?.field === 'reason' ? failure.field : null;
  const shownError = (field: AdjustmentField) => {
    const refusal = refusedField === field ? failure?.message : undefined;
    const message = (submitted ? errors[field] : undefined) ?? refusal;
    return message ? translate(i18n, message) : undefined;
  };

  useEffect(() => {
    const subscription = actor.on('adjusted', ({ answer: adjusted }) => {
      if ('approval' in adjusted) {
        toast({ tone: 'success', text: i18n._(pendingText(adjusted.approval)) });
      } else {
        const moved = formatSignedMicros(microsFromWire(adjusted.adjustment.amount));
        toast({ tone: 'success', text: t`Balance adjusted: ${moved} USDT.` });
      }
      setValues(EMPTY);
      setSubmitted(false);
    });
    return () => subscription.unsubscribe();
  }, [actor, i18n, t, toast]);

  const update = (patch: Partial<AdjustmentValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    actor.send({ type: 'EDIT' });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, ADJUSTMENT_FIELDS, errors);
    if (check.ok) actor.send({ type: 'REVIEW', request: check.request });
  };

  const failureText = failure && !refusedField ? translate(i18n, failure.message) : null;
  const lostAnswer = failure?.lostAnswer === true;
  const credit = values.direction === 'credit';
  const moved = check.ok ? check.micros : 0n;
  const who = user.username;
  const availableText = formatWireAmount(user.balance);
  const fourEyesText = fourEyesFrom === null ? null : formatAmountMicros(fourEyesFrom);

  return (
    <UserCard title={t`Balance adjustment`}>
      <UserForm noValidate onSubmit={onSubmit}>
        <ChoiceGroup<AdjustmentDirection>
          legend={<Trans>Direction</Trans>}
          name="direction"
          value={values.direction}
          onChange={(direction) => update({ direction })}
          options={[
            { value: 'credit', label: <Trans>Credit (add)</Trans>, tone: 'success' },
            { value: 'debit', label: <Trans>Debit (take)</Trans>, tone: 'danger' },
          ]}
        />
        <TextField
          label={<Trans>Amount</Trans>}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          suffix="USDT"
          value={values.amount}
          onChange={(event) => update({ amount: event.target.value })}
          error={shownError('amount')}
          hint={
            <>
              {!credit && <Trans>At most the available balance, {availableText} USDT.</Trans>}{' '}
              {fourEyesText !== null && (
                <Trans>From {fourEyesText} USDT either way, a second admin must approve it.</Trans>
              )}
            </>
          }
        />
        <TextAreaField
          counter
          label={<Trans>Reason (recorded in the ledger and the audit log)</Trans>}
          name="reason"
          rows={2}
          maxLength={ADJUSTMENT_REASON_MAX_LENGTH}
          value={values.reason}
          onChange={(event) => update({ reason: event.target.value })}
          error={shownError('reason')}
        />
        {sentForApproval && (
          <Muted role="status">
            {i18n._(sentForApproval)}{' '}
            <Link href="/admin/approvals">
              <Trans>See Approvals</Trans>
            </Link>
          </Muted>
        )}
        {failureText && (
          <ErrorMessage>
            {failureText}
            {lostAnswer && (
              <>
                {' '}
                <Trans>
                  Confirming the same adjustment again is safe: it is applied at most once.
                </Trans>
              </>
            )}
          </ErrorMessage>
        )}
        <Button type="submit" variant={credit ? 'primary' : 'danger'} busy={sending}>
          {credit ? <Trans>Review credit</Trans> : <Trans>Review debit</Trans>}
        </Button>
      </UserForm>

      <ConfirmDialog
        open={reviewing || sending}
        title={credit ? <Trans>Credit this wallet?</Trans> : <Trans>Debit this wallet?</Trans>}
        confirmLabel={
          needsApproval ? <Trans>Send for approval</Trans> : <Trans>Confirm adjustment</Trans>
        }
        tone={credit ? 'primary' : 'danger'}
        busy={sending}
        onConfirm={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      >
        <DetailList>
          <Detail label={<Trans>User</Trans>}>{who}</Detail>
          <Detail label={credit ? <Trans>Credit</Trans> : <Trans>Debit</Trans>}>
            <Moved $credit={credit}>{formatSignedMicros(moved)} USDT</Moved>
          </Detail>
          <Detail label={<Trans>Available balance</Trans>}>
            <Figure>
              {formatAmountMicros(available)} →{' '}
              <strong>{formatAmountMicros(available + moved)}</strong> USDT
            </Figure>
          </Detail>
          <Detail label={<Trans>Reason</Trans>}>
            <ReasonText>{check.ok ? check.request.reason : ''}</ReasonText>
          </Detail>
        </DetailList>
        <Muted>
          {needsApproval ? (
            <Trans>
              This adjustment needs a second admin: it is posted to the ledger once another admin
              approves it under Approvals, and recorded with both names.
            </Trans>
          ) : (
            <Trans>
              The adjustment is posted to the ledger at once and recorded with your name.
            </Trans>
          )}
        </Muted>
      </ConfirmDialog>
    </UserCard>
  );
}

const Moved = styled(Figure)<{ $credit: boolean }>`
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ theme, $credit }) => ($credit ? theme.colors.success : theme.colors.danger)};
`;

const ReasonText = styled.span`
  white-space: pre-line;
  text-align: left;
`;
