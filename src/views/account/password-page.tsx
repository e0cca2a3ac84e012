import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PASSWORD_MIN_LENGTH } from '../../../common/rules';
import type { FieldErrorCode } from '../../../common/validation';
import { sendAuth } from '../../machines/auth-session';
import { ApiError } from '../../services/api-error';
import { updatePassword } from '../../services/auth-api';
import {
  fieldErrorMessages,
  readOnlyRefusal,
  throttleRefusal,
} from '../../services/error-messages';
import { useUser } from '../../services/queries';
import { Button } from '../../ui/button';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { ErrorMessage, Muted, Page } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import {
  isPasswordField,
  PASSWORD_FIELDS,
  validatePassword,
  type PasswordField,
  type PasswordValues,
} from './account-rules';
import { theme } from '../../ui/theme';

/**
 * Change password: the current one, then the new one twice. Success ends the session
 * everywhere (the server revokes every token of the user): local storage is cleared and the
 * user goes to /signin after 1 s (docs/product.md §4).
 */
export default function PasswordPage() {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const user = useUser();
  const [values, setValues] = useState<PasswordValues>({
    currentPassword: '',
    password: '',
    confirmPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<PasswordField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // The rule the server refused a field by (a wrong current password, a too common new
  // one), shown under that field until it is edited again.
  const [refused, setRefused] = useState<Partial<Record<PasswordField, FieldErrorCode>>>({});
  const mutation = useMutation({
    mutationFn: updatePassword,
    onSuccess: () => {
      toast({ tone: 'success', text: t`Password updated successfully` });
      sendAuth({ type: 'PASSWORD_CHANGED' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldCode && isPasswordField(error.field)) {
        const field = error.field;
        const code = error.fieldCode;
        setRefused((current) => ({ ...current, [field]: code }));
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
      setRefused(({ [field]: _edited, ...others }) => others);
    },
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: (() => {
      const code = errors[field];
      if (code && (submitted || touched[field])) return i18n._(fieldErrorMessages[code]);
      const refusedCode = refused[field];
      if (refusedCode) return i18n._(fieldErrorMessages[refusedCode]);
      return undefined;
    })(),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, PASSWORD_FIELDS, errors);
    if (Object.keys(errors).length > 0 || mutation.isPending || mutation.isSuccess) return;
    mutation.mutate({ currentPassword: values.currentPassword, password: values.password });
  };

  // In an admin's read-only view every change is refused: say so, not "try again"; after
  // too many wrong current passwords, say how long to wait. A refused field says it below.
  const refusal = readOnlyRefusal(mutation.error) ?? throttleRefusal(mutation.error);
  const fieldRefused = mutation.error instanceof ApiError && isPasswordField(mutation.error.field);
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
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          revealable
          {...bind('currentPassword')}
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
        {mutation.isError && !fieldRefused && (
          <ErrorMessage>
            {refusal ? (
              i18n._(refusal)
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
