import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { checkEmail, type FieldErrorCode } from '../../../common/validation';
import { sendAuth, useAuthBusy, useAuthError } from '../../machines/auth-session';
import { fieldErrorMessages } from '../../services/error-messages';
import { translate } from '../../services/messages';
import { Button } from '../../ui/button';
import { ErrorMessage } from '../../ui/page';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { TextField } from '../../ui/text-field';
import { Aside, AuthLayout, Form } from './auth-layout';

type Field = 'email' | 'password';

function validate(values: Record<Field, string>): Partial<Record<Field, FieldErrorCode>> {
  const errors: Partial<Record<Field, FieldErrorCode>> = {};
  const email = checkEmail(values.email);
  if (email) errors.email = email;
  // Only presence here: the server judges the password itself.
  if (values.password === '') errors.password = 'passwordRequired';
  return errors;
}

export default function SignInPage() {
  const { i18n, t } = useLingui();
  const busy = useAuthBusy();
  const serverError = useAuthError();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  // An error left from another visit of the auth screens does not belong here. This also
  // starts the auth actor while the visitor types, if it has not run yet.
  useEffect(() => {
    sendAuth({ type: 'CLEAR_ERROR' });
  }, []);

  const errors = validate(values);
  const fieldError = (field: Field) => {
    const code = errors[field];
    return code && (submitted || touched[field]) ? i18n._(fieldErrorMessages[code]) : undefined;
  };
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: fieldError(field),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, ['email', 'password'], errors);
    if (Object.keys(errors).length > 0 || busy) return;
    sendAuth({ type: 'SIGN_IN', email: values.email.trim(), password: values.password });
  };

  return (
    <AuthLayout
      heading={<Trans>Welcome back</Trans>}
      lead={<Trans>Sign in to manage your wallet and trades.</Trans>}
    >
      <Form noValidate onSubmit={onSubmit} aria-label={t`Sign in`}>
        <TextField
          label={t`Email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="name@example.com"
          {...bind('email')}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          revealable
          {...bind('password')}
        />
        {serverError && <ErrorMessage>{translate(i18n, serverError.message)}</ErrorMessage>}
        <Button type="submit" block busy={busy}>
          <Trans>Sign in</Trans>
        </Button>
      </Form>
      <Aside>
        <Trans>
          New to TradeWallet? <Link href="/signup">Create an account</Link>
        </Trans>
      </Aside>
    </AuthLayout>
  );
}
