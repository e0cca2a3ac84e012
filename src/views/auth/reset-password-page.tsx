import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PASSWORD_MIN_LENGTH } from '../../../common/rules';
import {
  checkPassword,
  checkPasswordConfirmation,
  type FieldErrorCode,
} from '../../../common/validation';
import { ApiError } from '../../services/api-error';
import { resetPassword } from '../../services/account-api';
import { Button } from '../../ui/button';
import { StackedForm } from '../../ui/form';
import { ErrorMessage } from '../../ui/page';
import { PasswordField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { useFormFields } from '../../ui/use-form-fields';
import { useFieldErrorText } from '../shared/field-error-text';
import { Aside, AuthLayout } from './auth-layout';
import { LinkRefusal } from './link-refusal';

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** The spec's password rules (common/validation), as on sign-up and the password change. */
function validate(values: Record<Field, string>): Partial<Record<Field, FieldErrorCode>> {
  const errors: Partial<Record<Field, FieldErrorCode>> = {};
  const password = checkPassword(values.password);
  if (password) errors.password = password;
  const confirmation = checkPasswordConfirmation(values.password, values.confirmPassword);
  if (confirmation) errors.confirmPassword = confirmation;
  return errors;
}

/**
 * The reset mail's link (`/reset-password?token=…`): a new password, twice. Success ends
 * every session of the account and leads to sign-in; a used or expired link says so, with
 * the way to a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const toast = useToast();
  const form = useFormFields({ fields: FIELDS, validate, describe: useFieldErrorText() });
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      toast({ tone: 'success', text: t`Your password was reset. Sign in with the new password.` });
      navigate('/signin', { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field === 'password' && error.fieldCode) {
        form.refuse('password', error.fieldCode);
      }
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event) || reset.isPending || reset.isSuccess) return;
    reset.mutate({ token, password: form.values.password });
  };
  const linkRefused =
    token === '' ||
    (reset.error instanceof ApiError && reset.error.code?.startsWith('link_') === true);
  const minLength = PASSWORD_MIN_LENGTH;

  return (
    <AuthLayout
      heading={<Trans>Choose a new password</Trans>}
      lead={<Trans>After the change, every device signed in to your account is signed out.</Trans>}
    >
      {linkRefused ? (
        <>
          <ErrorMessage>
            <LinkRefusal error={reset.error} />
          </ErrorMessage>
          <Aside>
            <Link href="/forgot-password">
              <Trans>Ask for a new link</Trans>
            </Link>
          </Aside>
        </>
      ) : (
        <StackedForm noValidate onSubmit={onSubmit} aria-label={t`Reset password`}>
          <PasswordField
            label={t`New password`}
            autoComplete="new-password"
            hint={
              <Trans>
                At least {minLength} characters. Not a common password, and not your username or
                email.
              </Trans>
            }
            {...form.bind('password')}
          />
          <PasswordField
            label={t`Confirm password`}
            autoComplete="new-password"
            {...form.bind('confirmPassword')}
          />
          {reset.isError && !(reset.error instanceof ApiError && reset.error.field) && (
            <ErrorMessage>
              <Trans>Something went wrong. Please try again.</Trans>
            </ErrorMessage>
          )}
          <Button type="submit" block busy={reset.isPending} disabled={reset.isSuccess}>
            <Trans>Reset password</Trans>
          </Button>
        </StackedForm>
      )}
    </AuthLayout>
  );
}
