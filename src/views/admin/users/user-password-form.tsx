import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PASSWORD_MIN_LENGTH } from '../../../../common/rules';
import type { AdminUserSummary } from '../../../../common/contract';
import { useResetAdminUserPassword } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { focusFirstInvalid } from '../../../ui/focus-first-invalid';
import { Card, ErrorMessage, Muted, SectionTitle } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import {
  PASSWORD_RESET_FIELDS,
  newPasswordErrors,
  type PasswordResetField,
} from '../console/account-rules';
import { theme } from '../../../ui/theme';

const EMPTY: Record<PasswordResetField, string> = { password: '', confirmPassword: '' };

/**
 * Sets a new password for the user under the shared password rules. The server ends every
 * session of theirs, so the admin confirms that first.
 */
export function UserPasswordForm({ user }: { user: AdminUserSummary }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const mutation = useResetAdminUserPassword(user._id);
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<PasswordResetField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<AppMessage | null>(null);
  const [failure, setFailure] = useState<AppMessage | null>(null);

  const errors = newPasswordErrors(values, user);
  const minLength = PASSWORD_MIN_LENGTH;
  const who = user.username;

  const bind = (field: PasswordResetField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (field === 'password') setRefused(null);
      setFailure(null);
    },
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: (() => {
      const local = submitted || touched[field] ? errors[field] : undefined;
      const message = local ?? (field === 'password' ? refused : null);
      return message ? translate(i18n, message) : undefined;
    })(),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, PASSWORD_RESET_FIELDS, errors);
    if (Object.keys(errors).length === 0 && !mutation.isPending) setConfirming(true);
  };

  const confirm = async () => {
    try {
      await mutation.mutateAsync(values.password);
      toast({ tone: 'success', text: t`Password reset. All of the user’s sessions have ended.` });
      setValues(EMPTY);
      setTouched({});
      setSubmitted(false);
    } catch (error) {
      const { field, message } = describeAdminError(
        error,
        msg`Failed to update password. Please try again.`,
      );
      if (field === 'password') setRefused(message);
      else setFailure(message);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card as="section" aria-label={t`Password reset`}>
      <SectionTitle>
        <Trans>Password reset</Trans>
      </SectionTitle>
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          revealable
          hint={
            <Trans>At least {minLength} characters, not containing the username or email.</Trans>
          }
          {...bind('password')}
        />
        <TextField
          label={t`Confirm password`}
          type="password"
          autoComplete="new-password"
          revealable
          {...bind('confirmPassword')}
        />
        {failure !== null && <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>}
        <Button type="submit" variant="secondary" busy={mutation.isPending}>
          <Trans>Reset password</Trans>
        </Button>
      </Form>

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
    </Card>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
`;
