import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../common/rules';
import { sendAuth } from '../../machines/auth-session';
import { ApiError } from '../../services/api-error';
import { updatePassword } from '../../services/account-api';
import { readOnlyRefusal, throttleRefusal } from '../../services/error-messages';
import { useUser } from '../../services/queries';
import { Button } from '../../ui/button';
import { ErrorMessage, Muted, Page } from '../../ui/page';
import { AccountNameInput, CurrentPasswordField, PasswordField } from '../../ui/text-field';
import { StackedForm } from '../../ui/form';
import { useToast } from '../../ui/toast';
import { useFormFields } from '../../ui/use-form-fields';
import {
  isPasswordField,
  PASSWORD_FIELDS,
  validatePassword,
  type PasswordValues,
} from './account-rules';
import { useFieldErrorText } from '../shared/field-error-text';

/**
 * Change password: the current one, then the new one twice. Success ends the session
 * everywhere (the server revokes every token of the user): local storage is cleared and the
 * user goes to /signin after 1 s (docs/product.md §4).
 */
export default function PasswordPage() {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const user = useUser();
  const account = user.data ? { username: user.data.username, email: user.data.email } : {};
  // A rule the server refused a field by (a wrong current password, a too common new one)
  // shows under that field until it is edited again.
  const form = useFormFields({
    fields: PASSWORD_FIELDS,
    validate: (values: PasswordValues) => validatePassword(values, account),
    describe: useFieldErrorText(),
  });
  const mutation = useMutation({
    mutationFn: updatePassword,
    onSuccess: () => {
      toast({ tone: 'success', text: t`Password updated successfully` });
      sendAuth({ type: 'PASSWORD_CHANGED' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldCode && isPasswordField(error.field)) {
        form.refuse(error.field, error.fieldCode);
      }
    },
  });
  const minLength = PASSWORD_MIN_LENGTH;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event) || mutation.isPending || mutation.isSuccess) return;
    const { currentPassword, password } = form.values;
    mutation.mutate({ currentPassword, password });
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
      <StackedForm noValidate onSubmit={onSubmit} aria-label={t`Password Change`}>
        <AccountNameInput name="username" value={user.data?.username ?? ''} />
        <CurrentPasswordField {...form.bind('currentPassword')} />
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
      </StackedForm>
    </Page>
  );
}
