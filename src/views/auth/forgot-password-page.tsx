import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { checkEmail, type FieldErrorCode } from '../../../common/validation';
import { requestPasswordReset } from '../../services/account-api';
import { throttleRefusal } from '../../services/error-messages';
import { Button } from '../../ui/button';
import { StackedForm } from '../../ui/form';
import { ErrorMessage } from '../../ui/page';
import { EmailField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { useFieldErrorText } from '../shared/field-error-text';
import { Aside, AuthLayout } from './auth-layout';

const FIELDS = ['email'] as const;
type Field = (typeof FIELDS)[number];

function validate(values: Record<Field, string>): Partial<Record<Field, FieldErrorCode>> {
  const email = checkEmail(values.email);
  return email ? { email } : {};
}

/**
 * Forgot password: the account's email. The answer is the same whether an account uses it
 * or not, so the page says "if"; the mail's link opens /reset-password.
 */
export default function ForgotPasswordPage() {
  const { i18n, t } = useLingui();
  const form = useFormFields({ fields: FIELDS, validate, describe: useFieldErrorText() });
  const request = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event) || request.isPending) return;
    request.mutate(form.values.email.trim());
  };

  if (request.isSuccess) {
    return (
      <AuthLayout
        heading={<Trans>Check your inbox</Trans>}
        lead={
          <Trans>
            If an account uses {form.values.email.trim()}, we sent it a link to choose a new
            password. The link works once, for 30 minutes.
          </Trans>
        }
      >
        <Aside>
          <Trans>No mail after a few minutes? Look in the spam folder, or ask again.</Trans>
        </Aside>
        <Aside>
          <Link href="/signin">
            <Trans>Back to sign in</Trans>
          </Link>
        </Aside>
      </AuthLayout>
    );
  }

  const refusal = throttleRefusal(request.error);
  return (
    <AuthLayout
      heading={<Trans>Forgot your password?</Trans>}
      lead={<Trans>Enter the email of your account and we will send you a link.</Trans>}
    >
      <StackedForm noValidate onSubmit={onSubmit} aria-label={t`Forgot password`}>
        <EmailField
          label={t`Email`}
          autoComplete="email"
          placeholder="name@example.com"
          {...form.bind('email')}
        />
        {request.isError && (
          <ErrorMessage>
            {refusal ? i18n._(refusal) : <Trans>Something went wrong. Please try again.</Trans>}
          </ErrorMessage>
        )}
        <Button type="submit" block busy={request.isPending}>
          <Trans>Send the link</Trans>
        </Button>
      </StackedForm>
      <Aside>
        <Trans>
          Remembered it? <Link href="/signin">Sign in</Link>
        </Trans>
      </Aside>
    </AuthLayout>
  );
}
