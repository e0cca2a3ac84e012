import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  checkRegistration,
  type FieldErrorCode,
  type RegistrationFields,
} from '../../../common/validation';
import { PASSWORD_MIN_LENGTH } from '../../../common/rules';
import { sendAuth, useAuthBusy, useAuthError } from '../../machines/auth-session';
import { fieldErrorMessages } from '../../services/error-messages';
import { translate } from '../../services/messages';
import { Button } from '../../ui/button';
import { ErrorMessage } from '../../ui/page';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { TextField } from '../../ui/text-field';
import { Aside, AuthLayout, Form } from './auth-layout';

type Field = keyof RegistrationFields | 'confirmPassword';
type Values = Record<Field, string>;

const EMPTY: Values = {
  fullName: '',
  username: '',
  email: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
};

/** The registration body: what the server receives, trimmed where spaces are never meant. */
function registrationFields(values: Values): RegistrationFields {
  return {
    fullName: values.fullName.trim(),
    username: values.username.trim(),
    email: values.email.trim(),
    phoneNumber: values.phoneNumber.trim(),
    password: values.password,
  };
}

function validate(values: Values): Partial<Record<Field, FieldErrorCode>> {
  const errors: Partial<Record<Field, FieldErrorCode>> = checkRegistration(
    registrationFields(values),
  );
  if (values.confirmPassword === '') errors.confirmPassword = 'confirmRequired';
  else if (values.confirmPassword !== values.password)
    errors.confirmPassword = 'passwordsMustMatch';
  return errors;
}

const minPassword = PASSWORD_MIN_LENGTH;

function isField(name: string | undefined): name is Field {
  return name !== undefined && Object.hasOwn(EMPTY, name);
}

export default function SignUpPage() {
  const { i18n, t } = useLingui();
  const busy = useAuthBusy();
  const serverError = useAuthError();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [sentValues, setSentValues] = useState<Values | null>(null);

  // As on the sign-in page: no stale error, and the auth actor starts while one types.
  useEffect(() => {
    sendAuth({ type: 'CLEAR_ERROR' });
  }, []);

  const errors = validate(values);
  // A server error about one field shows under it until that field is edited.
  const serverField =
    serverError &&
    isField(serverError.field) &&
    sentValues?.[serverError.field] === values[serverError.field]
      ? serverError.field
      : null;

  const fieldError = (field: Field): string | undefined => {
    const code = errors[field];
    if (code && (sentValues || touched[field])) return i18n._(fieldErrorMessages[code]);
    if (serverError && serverField === field) return translate(i18n, serverError.message);
    return undefined;
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
    setSentValues(values);
    focusFirstInvalid(event.currentTarget, Object.keys(EMPTY), errors);
    if (Object.keys(errors).length > 0 || busy) return;
    sendAuth({ type: 'SIGN_UP', fields: registrationFields(values) });
  };

  const formError =
    serverError && !isField(serverError.field) ? translate(i18n, serverError.message) : null;

  return (
    <AuthLayout
      heading={<Trans>Create your account</Trans>}
      lead={<Trans>It takes a minute. You get a Pay ID to receive USDT right away.</Trans>}
    >
      <Form noValidate onSubmit={onSubmit} aria-label={t`Create account`}>
        <TextField
          label={t`Full name`}
          autoComplete="name"
          autoCapitalize="words"
          {...bind('fullName')}
        />
        <TextField
          label={t`Username`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t`Letters, digits, dots and underscores.`}
          {...bind('username')}
        />
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
          label={t`Phone number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+1 555 123 4567"
          {...bind('phoneNumber')}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          revealable
          hint={t`At least ${minPassword} characters, not containing your username or email.`}
          {...bind('password')}
        />
        <TextField
          label={t`Confirm password`}
          type="password"
          autoComplete="new-password"
          revealable
          {...bind('confirmPassword')}
        />
        {formError && <ErrorMessage>{formError}</ErrorMessage>}
        <Button type="submit" block busy={busy}>
          <Trans>Create account</Trans>
        </Button>
      </Form>
      <Aside>
        <Trans>
          Already have an account? <Link href="/signin">Sign in</Link>
        </Trans>
      </Aside>
    </AuthLayout>
  );
}
