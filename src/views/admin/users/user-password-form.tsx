import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../../common/rules';
import type { AdminUserSummary } from '../../../../common/contract';
import { useResetAdminUserPassword } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { ErrorMessage, Muted } from '../../../ui/page';
import { PasswordField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useFormFields } from '../../../ui/use-form-fields';
import { PASSWORD_RESET_FIELDS, newPasswordErrors } from '../console/account-rules';
import { UserCard, UserForm } from './user-ui';

/**
 * Sets a new password for the user under the shared password rules. The server ends every
 * session of theirs, so the admin confirms that first.
 */
export function UserPasswordForm({ user }: { user: AdminUserSummary }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const mutation = useResetAdminUserPassword(user._id);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<AppMessage | null>(null);
  const form = useFormFields({
    fields: PASSWORD_RESET_FIELDS,
    validate: (values) => newPasswordErrors(values, user),
    describe: (message: AppMessage) => translate(i18n, message),
    onEdit: () => setFailure(null),
  });
  const minLength = PASSWORD_MIN_LENGTH;
  const who = user.username;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (form.check(event) && !mutation.isPending) setConfirming(true);
  };

  const confirm = async () => {
    try {
      await mutation.mutateAsync(form.values.password);
      toast({ tone: 'success', text: t`Password reset. All of the user’s sessions have ended.` });
      form.reset();
    } catch (error) {
      const { field, message } = describeAdminError(
        error,
        msg`Failed to update password. Please try again.`,
      );
      if (field === 'password') form.refuse(field, message);
      else setFailure(message);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <UserCard title={t`Password reset`}>
      <UserForm noValidate onSubmit={onSubmit}>
        <PasswordField
          label={t`New password`}
          autoComplete="new-password"
          hint={
            <Trans>At least {minLength} characters, not containing the username or email.</Trans>
          }
          {...form.bind('password')}
        />
        <PasswordField
          label={t`Confirm password`}
          autoComplete="new-password"
          {...form.bind('confirmPassword')}
        />
        {failure !== null && <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>}
        <Button type="submit" variant="secondary" busy={mutation.isPending}>
          <Trans>Reset password</Trans>
        </Button>
      </UserForm>

      <ConfirmDialog
        open={confirming}
        title={<Trans>Reset this password?</Trans>}
        confirmLabel={<Trans>Reset password</Trans>}
        tone="danger"
        busy={mutation.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          <Trans>
            {who} gets the new password, and all of their sessions end: they are signed out on every
            device, and any read-only view of the account closes.
          </Trans>
        </p>
        <Muted>
          <Trans>Tell them the new password through a channel you trust.</Trans>
        </Muted>
      </ConfirmDialog>
    </UserCard>
  );
}
