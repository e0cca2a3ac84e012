import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  APPROVAL_REASON_MAX_LENGTH,
  APPROVAL_REASON_MIN_LENGTH,
  type AdminUserSummary,
} from '../../../../common/contract';
import { useResetUserTwoFactor } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { ErrorMessage, Muted } from '../../../ui/page';
import { TextAreaField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useReason } from '../console/use-reason';
import { UserCard } from './user-ui';

function reasonError(input: string) {
  const length = input.trim().length;
  if (length < APPROVAL_REASON_MIN_LENGTH) return msg`Enter a reason of at least 3 characters.`;
  if (length > APPROVAL_REASON_MAX_LENGTH) {
    return msg`The reason must be at most ${APPROVAL_REASON_MAX_LENGTH} characters.`;
  }
  return null;
}

/**
 * Resets a user's two-factor authentication (a lost phone and lost recovery codes), with a
 * reason the audit log keeps. The user's withdrawals pause for 24 hours.
 */
export function UserTwoFactorReset({ user }: { user: AdminUserSummary }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const mutation = useResetUserTwoFactor(user._id);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<AppMessage | null>(null);
  const reason = useReason(reasonError);
  const who = user.username;

  const confirm = async () => {
    const text = reason.take();
    if (text === null) return;
    try {
      await mutation.mutateAsync(text);
      toast({ tone: 'success', text: t`Two-factor authentication reset.` });
      reason.clear();
      setConfirming(false);
    } catch (error) {
      setFailure(describeAdminError(error).message);
      setConfirming(false);
    }
  };

  return (
    <UserCard title={t`Two-factor authentication`}>
      {user.twoFactorEnabled ? (
        <>
          <Muted>
            <Trans>On. Reset it only after proving who asks, e.g. when the phone is lost.</Trans>
          </Muted>
          {failure !== null && <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>}
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            <Trans>Reset two-factor</Trans>
          </Button>
        </>
      ) : (
        <Muted>
          <Trans>Off.</Trans>
        </Muted>
      )}
      <ConfirmDialog
        open={confirming}
        title={<Trans>Reset two-factor authentication?</Trans>}
        confirmLabel={<Trans>Reset two-factor</Trans>}
        tone="danger"
        busy={mutation.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          <Trans>
            {who} can then sign in with the password alone, and their withdrawals pause for 24
            hours.
          </Trans>
        </p>
        <TextAreaField label={t`Reason`} {...reason.field} />
      </ConfirmDialog>
    </UserCard>
  );
}
