import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import {
  cancelStepUp,
  submitStepUpCode,
  useStepUp,
  type StepUpState,
} from '../../services/step-up';
import { ConfirmDialog } from '../../ui/dialog';
import { ErrorMessage, Muted } from '../../ui/page';
import { isCodeComplete, TwoFactorCodeField } from './two-factor-code-field';

/**
 * The one dialog of the step-up (services/step-up.ts): a withdrawal, a transfer or a password
 * change with two-factor on asks here for a fresh code, then goes out again with it. A wrong
 * code keeps the dialog and says so.
 */
export function StepUpDialog() {
  const stepUp = useStepUp();
  if (!stepUp.open) return null;
  // Each question starts with an empty field (a refused code is cleared too).
  return <StepUpQuestion key={stepUp.question} busy={stepUp.busy} refusal={stepUp.refusal} />;
}

function StepUpQuestion({ busy, refusal }: Pick<StepUpState, 'busy' | 'refusal'>) {
  const { t } = useLingui();
  const formId = useId();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!isCodeComplete(code)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    submitStepUpCode(code.trim());
  };
  return (
    <ConfirmDialog
      title={<Trans>Confirm with your code</Trans>}
      confirmLabel={<Trans>Verify</Trans>}
      busy={busy}
      form={formId}
      onCancel={cancelStepUp}
    >
      <form id={formId} noValidate onSubmit={onSubmit} aria-label={t`Confirm with your code`}>
        <Muted>
          <Trans>Enter the 6-digit code from your authenticator app to confirm.</Trans>
        </Muted>
        <TwoFactorCodeField
          value={code}
          onChange={setCode}
          autoFocus
          error={missing ? t`Enter the code.` : undefined}
        />
        {refusal === 'invalid' && (
          <ErrorMessage>
            <Trans>This code is not valid. Check the code and try again.</Trans>
          </ErrorMessage>
        )}
        {refusal === 'locked' && (
          <ErrorMessage>
            <Trans>Too many wrong codes. Please wait 15 minutes and try again.</Trans>
          </ErrorMessage>
        )}
      </form>
    </ConfirmDialog>
  );
}
