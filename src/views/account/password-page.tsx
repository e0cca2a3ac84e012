import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PASSWORD_MIN_LENGTH } from '../../../common/rules';
import type { FieldErrorCode } from '../../../common/validation';
import { sendAuth } from '../../machines/auth-session';
import { ApiError } from '../../services/api-error';
import { updatePassword } from '../../services/auth-api';
import { fieldErrorMessages, readOnlyRefusal } from '../../services/error-messages';
import { useUser } from '../../services/queries';
import { Button } from '../../ui/button';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { ErrorMessage, Muted, Page } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import {
  PASSWORD_FIELDS,
  validatePassword,
  type PasswordField,
  type PasswordValues,
} from './account-rules';
import { theme } from '../../ui/theme';

/**
 * Change password. Success ends the session everywhere (the server revokes every token of
 * the user): local storage is cleared and the user goes to /signin after 1 s (SPEC §4).
 */
export default function PasswordPage() {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const user = useUser();
  const [values, setValues] = useState<PasswordValues>({ password: '', confirmPassword: '' });
  const [touched, setTouched] = useState<Partial<Record<PasswordField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // The rule the server refused the password by (too common, for instance), shown under the
  // field until it is edited again.
  const [refusedRule, setRefusedRule] = useState<FieldErrorCode | null>(null);
  const mutation = useMutation({
    mutationFn: updatePassword,
    onSuccess: () => {
      toast({ tone: 'success', text: t`Password updated successfully` });
      sendAuth({ type: 'PASSWORD_CHANGED' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field === 'password' && error.fieldCode) {
        setRefusedRule(error.fieldCode);
      }
    },
  });

  const errors = validatePassword(
    values,
    user.data ? { username: user.data.username, email: user.data.email } : {},
  );
  const minLength = PASSWORD_MIN_LENGTH;

  const bind = (field: PasswordField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (field === 'password') setRefusedRule(null);
    },
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: (() => {
      const code = errors[field];
      if (code && (submitted || touched[field])) return i18n._(fieldErrorMessages[code]);
      if (field === 'password' && refusedRule) return i18n._(fieldErrorMessages[refusedRule]);
      return undefined;
    })(),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, PASSWORD_FIELDS, errors);
    if (Object.keys(errors).length > 0 || mutation.isPending || mutation.isSuccess) return;
    mutation.mutate(values.password);
  };

  // In an admin's read-only view every change is refused: say so, not "try again".
  const readOnly = readOnlyRefusal(mutation.error);
  return (
    <Page>
      <Muted>
        <Trans>
          After the change you will be signed out on all devices and asked to sign in again.
        </Trans>
      </Muted>
      <Form noValidate onSubmit={onSubmit} aria-label={t`Password Change`}>
        {/* Tells password managers whose password this is, so they update the right entry. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={user.data?.username ?? ''}
          readOnly
          hidden
        />
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          revealable
          hint={
            <Trans>
              At least {minLength} characters. Not a common password, and not your username or
              email.
            </Trans>
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
        {mutation.isError && (
          <ErrorMessage>
            {readOnly ? (
              i18n._(readOnly)
            ) : (
              <Trans>Failed to update password. Please try again.</Trans>
            )}
          </ErrorMessage>
        )}
        <Button type="submit" block busy={mutation.isPending} disabled={mutation.isSuccess}>
          <Trans>Update password</Trans>
        </Button>
      </Form>
    </Page>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};

  > button {
    margin-top: ${theme.space.sm};
  }
`;
