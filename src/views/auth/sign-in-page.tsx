import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { checkEmail, type FieldErrorCode } from '../../../common/validation';
import { sendAuth, useAuthBusy, useAuthError, useTwoFactorStep } from '../../machines/auth-session';
import { translate } from '../../services/messages';
import { Button } from '../../ui/button';
import { StackedForm } from '../../ui/form';
import { ErrorMessage } from '../../ui/page';
import { EmailField, PasswordField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { Aside, AuthLayout } from './auth-layout';
import { useFieldErrorText } from '../shared/field-error-text';
import { theme } from '../../ui/theme';
import { isCodeComplete, TwoFactorCodeField } from '../shared/two-factor-code-field';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

function validate(values: Record<Field, string>): Partial<Record<Field, FieldErrorCode>> {
  const errors: Partial<Record<Field, FieldErrorCode>> = {};
  const email = checkEmail(values.email);
  if (email) errors.email = email;
  // Only presence here: the server judges the password itself.
  if (values.password === '') errors.password = 'passwordRequired';
  return errors;
}

export default function SignInPage() {
  return useTwoFactorStep() ? <CodeStep /> : <PasswordStep />;
}

/**
 * The sign-in's second step (two-factor on): the code from the authenticator app, or a
 * recovery code. Back returns to the password.
 */
function CodeStep() {
  const { i18n, t } = useLingui();
  const busy = useAuthBusy();
  const serverError = useAuthError();
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
    sendAuth({ type: 'SUBMIT_CODE', code: code.trim() });
  };

  return (
    <AuthLayout
      heading={<Trans>Two-step verification</Trans>}
      lead={<Trans>Enter the 6-digit code from your authenticator app.</Trans>}
    >
      <StackedForm noValidate onSubmit={onSubmit} aria-label={t`Two-step verification`}>
        <TwoFactorCodeField
          value={code}
          onChange={setCode}
          autoFocus
          error={missing ? t`Enter the code.` : undefined}
        />
        {serverError && <ErrorMessage>{translate(i18n, serverError.message)}</ErrorMessage>}
        <Button type="submit" block busy={busy}>
          <Trans>Verify</Trans>
        </Button>
        <Button
          variant="ghost"
          block
          disabled={busy}
          onClick={() => sendAuth({ type: 'CANCEL_CODE' })}
        >
          <Trans>Back</Trans>
        </Button>
      </StackedForm>
    </AuthLayout>
  );
}

function PasswordStep() {
  const { i18n, t } = useLingui();
  const busy = useAuthBusy();
  const serverError = useAuthError();
  const form = useFormFields({
    fields: FIELDS,
    validate,
    describe: useFieldErrorText(),
  });

  // An error left from another visit of the auth screens does not belong here. This also
  // starts the auth actor while the visitor types, if it has not run yet.
  useEffect(() => {
    sendAuth({ type: 'CLEAR_ERROR' });
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event) || busy) return;
    const { email, password } = form.values;
    sendAuth({ type: 'SIGN_IN', email: email.trim(), password });
  };

  return (
    <AuthLayout
      heading={<Trans>Welcome back</Trans>}
      lead={<Trans>Sign in to manage your wallet and trades.</Trans>}
    >
      <StackedForm noValidate onSubmit={onSubmit} aria-label={t`Sign in`}>
        <EmailField
          label={t`Email`}
          autoComplete="email"
          placeholder="name@example.com"
          {...form.bind('email')}
        />
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          {...form.bind('password')}
        />
        <ForgotLink href="/forgot-password">
          <Trans>Forgot password?</Trans>
        </ForgotLink>
        {serverError && <ErrorMessage>{translate(i18n, serverError.message)}</ErrorMessage>}
        <Button type="submit" block busy={busy}>
          <Trans>Sign in</Trans>
        </Button>
      </StackedForm>
      <Aside>
        <Trans>
          New to TradeWallet? <Link href="/signup">Create an account</Link>
        </Trans>
      </Aside>
    </AuthLayout>
  );
}

const ForgotLink = styled(Link)`
  align-self: flex-end;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;
