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
import { translate } from '../../services/messages';
import { Button } from '../../ui/button';
import { StackedForm } from '../../ui/form';
import { ErrorMessage } from '../../ui/page';
import { EmailField, PasswordField, PhoneField, TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { Aside, AuthLayout } from './auth-layout';
import { useFieldErrorText } from '../shared/field-error-text';

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

const FIELDS = Object.keys(EMPTY) as Field[];

function isField(name: string | undefined): name is Field {
  return name !== undefined && Object.hasOwn(EMPTY, name);
}

export default function SignUpPage() {
  const { i18n, t } = useLingui();
  const busy = useAuthBusy();
  const serverError = useAuthError();
  const form = useFormFields({
    fields: FIELDS,
    initial: EMPTY,
    validate,
    describe: useFieldErrorText(),
  });
  const values = form.values;
  const [sentValues, setSentValues] = useState<Values | null>(null);

  // As on the sign-in page: no stale error, and the auth actor starts while one types.
  useEffect(() => {
    sendAuth({ type: 'CLEAR_ERROR' });
  }, []);

  // A server error about one field shows under it until that field is edited.
  const serverField =
    serverError &&
    isField(serverError.field) &&
    sentValues?.[serverError.field] === values[serverError.field]
      ? serverError.field
      : null;

  const bind = (field: Field) => ({
    ...form.bind(field),
    error:
      form.errorOf(field) ??
      (serverError && serverField === field ? translate(i18n, serverError.message) : undefined),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSentValues(values);
    if (!form.check(event) || busy) return;
    sendAuth({ type: 'SIGN_UP', fields: registrationFields(values) });
  };

  const formError =
    serverError && !isField(serverError.field) ? translate(i18n, serverError.message) : null;

  return (
    <AuthLayout
      heading={<Trans>Create your account</Trans>}
      lead={<Trans>It takes a minute. You get a Pay ID to receive USDT right away.</Trans>}
    >
      <StackedForm noValidate onSubmit={onSubmit} aria-label={t`Create account`}>
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
        <EmailField
          label={t`Email`}
          autoComplete="email"
          placeholder="name@example.com"
          {...bind('email')}
        />
        <PhoneField
          label={t`Phone number`}
          autoComplete="tel"
          placeholder="+1 555 123 4567"
          {...bind('phoneNumber')}
        />
        <PasswordField
          label={t`Password`}
          autoComplete="new-password"
          hint={t`At least ${minPassword} characters, not containing your username or email.`}
          {...bind('password')}
        />
        <PasswordField
          label={t`Confirm password`}
          autoComplete="new-password"
          {...bind('confirmPassword')}
        />
        {formError && <ErrorMessage>{formError}</ErrorMessage>}
        <Button type="submit" block busy={busy}>
          <Trans>Create account</Trans>
        </Button>
      </StackedForm>
      <Aside>
        <Trans>
          Already have an account? <Link href="/signin">Sign in</Link>
        </Trans>
      </Aside>
    </AuthLayout>
  );
}
