import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { checkPassword, type FieldErrorCode } from '../../../common/validation';
import { AuthContext } from '../../machines/auth-context';
import { ApiError } from '../../services/api-error';
import { updatePassword } from '../../services/auth-api';
import { fieldErrorMessages } from '../../services/error-messages';
import { Button } from '../../ui/button';
import { ErrorMessage, Muted, Page } from '../../ui/page';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';

type Field = 'password' | 'confirmPassword';

function validate(values: Record<Field, string>): Partial<Record<Field, FieldErrorCode>> {
  const errors: Partial<Record<Field, FieldErrorCode>> = {};
  const password = checkPassword(values.password);
  if (password) errors.password = password;
  if (values.confirmPassword === '') errors.confirmPassword = 'confirmRequired';
  else if (values.confirmPassword !== values.password)
    errors.confirmPassword = 'passwordsMustMatch';
  return errors;
}

/**
 * Change password. Success ends the session (the server revokes the token): local storage
 * is cleared and the user goes to /signin after 1 s (SPEC §4).
 */
export default function PasswordPage() {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const actor = AuthContext.useActorRef();
  const [values, setValues] = useState<Record<Field, string>>({
    password: '',
    confirmPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const mutation = useMutation({
    mutationFn: updatePassword,
    onSuccess: () => {
      toast({ tone: 'success', text: t`Password updated successfully` });
      actor.send({ type: 'PASSWORD_CHANGED' });
    },
  });

  const errors = validate(values);
  // A password the server refuses (too common, contains the username) is explained by its
  // rule; any other failure gets the spec's general message.
  const refusedRule =
    mutation.error instanceof ApiError && mutation.error.fieldCode
      ? fieldErrorMessages[mutation.error.fieldCode]
      : null;
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: (() => {
      const code = errors[field];
      return code && (submitted || touched[field]) ? i18n._(fieldErrorMessages[code]) : undefined;
    })(),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, ['password', 'confirmPassword'], errors);
    if (Object.keys(errors).length > 0 || mutation.isPending || mutation.isSuccess) return;
    mutation.mutate(values.password);
  };

  return (
    <Page>
      <Muted>
        <Trans>
          After the change you will be signed out on all devices and asked to sign in again.
        </Trans>
      </Muted>
      <Form noValidate onSubmit={onSubmit} aria-label={t`Password Change`}>
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          revealable
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
            {refusedRule ? (
              i18n._(refusedRule)
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
  gap: ${({ theme }) => theme.space.sm};

  > button {
    margin-top: ${({ theme }) => theme.space.sm};
  }
`;
