import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PASSWORD_MIN_LENGTH } from '../../../common/rules';
import { sendAuth } from '../../machines/auth-session';
import { useCreateAdminAccount, useUpdateOwnAdminPassword } from '../../services/admin-queries';
import { describeAdminError } from '../../services/error-messages';
import { translate, type FormError } from '../../services/messages';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { ErrorMessage } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import {
  CREATE_ADMIN_FIELDS,
  EMPTY_CREATE_ADMIN,
  EMPTY_OWN_PASSWORD,
  OWN_PASSWORD_FIELDS,
  createAdminRequest,
  ownPasswordRefusal,
  validateCreateAdmin,
  validateOwnPassword,
  type CreateAdminValues,
  type OwnPasswordValues,
} from './admins-model';
import { TitledCard } from './admin-ui';
import { theme } from '../../ui/theme';

/**
 * A form's state: the values, which fields were left (errors show after that or after a
 * submit), and the server's refusal, shown under its field until that field is edited.
 */
function useFormState<F extends string>(
  fields: readonly F[],
  empty: Record<F, string>,
  validate: (values: Record<F, string>) => Partial<Record<F, MessageDescriptor>>,
) {
  const { i18n } = useLingui();
  const [values, setValues] = useState(empty);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<FormError | null>(null);
  const errors = validate(values);
  const refusedField = fields.find((field) => field === refusal?.field);

  const bind = (field: F) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (refusal?.field === field) setRefusal(null);
    },
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: (() => {
      const problem = errors[field];
      if (problem && (submitted || touched[field])) return i18n._(problem);
      if (refusal && refusedField === field) return translate(i18n, refusal.message);
      return undefined;
    })(),
  });

  /** Marks the form submitted; true when it may be sent, else the cursor goes to a problem. */
  function check(event: FormEvent<HTMLFormElement>): boolean {
    event.preventDefault();
    setSubmitted(true);
    setRefusal(null);
    focusFirstInvalid(event.currentTarget, fields, errors);
    return Object.keys(errors).length === 0;
  }

  function reset() {
    setValues(empty);
    setTouched({});
    setSubmitted(false);
    setRefusal(null);
  }

  return {
    values,
    bind,
    check,
    reset,
    setRefusal,
    formError: refusal && !refusedField ? translate(i18n, refusal.message) : null,
  };
}

/** Creates another admin account, under the sign-up rules, after a confirmation. */
export function CreateAdminForm() {
  const { t } = useLingui();
  const toast = useToast();
  const mutation = useCreateAdminAccount();
  const form = useFormState(CREATE_ADMIN_FIELDS, EMPTY_CREATE_ADMIN, validateCreateAdmin);
  const [confirming, setConfirming] = useState<CreateAdminValues | null>(null);
  const minPassword = PASSWORD_MIN_LENGTH;

  async function create(values: CreateAdminValues) {
    try {
      const { admin } = await mutation.mutateAsync(createAdminRequest(values));
      const username = admin.username;
      toast({ tone: 'success', text: t`Admin ${username} created.` });
      form.reset();
    } catch (error) {
      form.setRefusal(describeAdminError(error, msg`The admin could not be created.`));
    } finally {
      setConfirming(null);
    }
  }

  const pending = confirming ?? form.values;
  const who = `${pending.fullName.trim()} (${pending.email.trim()})`;
  return (
    <TitledCard
      title={<Trans>Create admin</Trans>}
      description={
        <Trans>
          The new admin signs in on the usual sign-in page and has full access to this console.
        </Trans>
      }
    >
      <Form
        noValidate
        onSubmit={(event) => {
          if (form.check(event) && !mutation.isPending) setConfirming(form.values);
        }}
      >
        <TextField
          label={t`Full name`}
          autoComplete="off"
          autoCapitalize="words"
          {...form.bind('fullName')}
        />
        <TextField
          label={t`Username`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={t`Letters, digits, dots and underscores.`}
          {...form.bind('username')}
        />
        <TextField
          label={t`Email`}
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.bind('email')}
        />
        <TextField
          label={t`Phone number (optional)`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...form.bind('phoneNumber')}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          revealable
          hint={t`At least ${minPassword} characters, not containing the username or email.`}
          {...form.bind('password')}
        />
        <TextField
          label={t`Confirm password`}
          type="password"
          autoComplete="new-password"
          revealable
          {...form.bind('confirmPassword')}
        />
        {form.formError && <ErrorMessage>{form.formError}</ErrorMessage>}
        <Button type="submit" block busy={mutation.isPending}>
          <Trans>Create admin</Trans>
        </Button>
      </Form>
      <ConfirmDialog
        open={confirming !== null}
        title={<Trans>Create this admin?</Trans>}
        confirmLabel={<Trans>Create</Trans>}
        busy={mutation.isPending}
        onConfirm={() => confirming && void create(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          <Trans>
            {who} will be able to decide deposits and withdrawals, manage users and change every
            setting.
          </Trans>
        </p>
      </ConfirmDialog>
    </TitledCard>
  );
}

/**
 * The signed-in admin's own password. The server then ends every session of the admin,
 * this one included, so the admin is told first and signed out cleanly afterwards.
 */
export function OwnPasswordForm({ account }: { account: { username?: string; email?: string } }) {
  const { t } = useLingui();
  const toast = useToast();
  const mutation = useUpdateOwnAdminPassword();
  const form = useFormState(OWN_PASSWORD_FIELDS, EMPTY_OWN_PASSWORD, (values) =>
    validateOwnPassword(values, account),
  );
  const [confirming, setConfirming] = useState<OwnPasswordValues | null>(null);
  const minPassword = PASSWORD_MIN_LENGTH;

  async function change(values: OwnPasswordValues) {
    try {
      await mutation.mutateAsync({
        currentPassword: values.currentPassword,
        password: values.password,
      });
      toast({ tone: 'success', text: t`Password updated successfully` });
      // Clears the stored session at once and goes to /signin a moment later.
      sendAuth({ type: 'PASSWORD_CHANGED' });
    } catch (error) {
      form.setRefusal(ownPasswordRefusal(error));
    } finally {
      setConfirming(null);
    }
  }

  const done = mutation.isSuccess;
  return (
    <TitledCard
      title={<Trans>Change my password</Trans>}
      description={
        <Trans>
          Afterwards you are signed out everywhere, this device included, and sign in again with the
          new password.
        </Trans>
      }
    >
      <Form
        noValidate
        onSubmit={(event) => {
          if (form.check(event) && !mutation.isPending && !done) setConfirming(form.values);
        }}
      >
        {/* Tells password managers whose password this is, so they update the right entry. */}
        <input
          type="text"
          name="account"
          autoComplete="username"
          value={account.email ?? ''}
          readOnly
          hidden
        />
        <TextField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          revealable
          {...form.bind('currentPassword')}
        />
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          revealable
          hint={t`At least ${minPassword} characters, not containing your username or email.`}
          {...form.bind('password')}
        />
        <TextField
          label={t`Confirm new password`}
          type="password"
          autoComplete="new-password"
          revealable
          {...form.bind('confirmPassword')}
        />
        {form.formError && <ErrorMessage>{form.formError}</ErrorMessage>}
        <Button type="submit" block busy={mutation.isPending} disabled={done}>
          <Trans>Change password</Trans>
        </Button>
      </Form>
      <ConfirmDialog
        open={confirming !== null}
        title={<Trans>Change your password?</Trans>}
        confirmLabel={<Trans>Change and sign out</Trans>}
        busy={mutation.isPending}
        onConfirm={() => confirming && void change(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          <Trans>
            All your sessions end, on every device, including this one. You will be taken to the
            sign-in page to sign in with the new password.
          </Trans>
        </p>
      </ConfirmDialog>
    </TitledCard>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
`;
