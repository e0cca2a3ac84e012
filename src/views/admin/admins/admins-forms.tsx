import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { APPROVAL_REASON_MAX_LENGTH } from '../../../../common/contract';
import { PASSWORD_MIN_LENGTH } from '../../../../common/rules';
import { sendAuth } from '../../../machines/auth-session';
import {
  useCreateAdminAccount,
  useDisableAdminAccount,
  useEnableAdminAccount,
  useUpdateOwnAdminPassword,
} from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type FormError } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { focusFirstInvalid } from '../../../ui/focus-first-invalid';
import { ErrorMessage, Muted } from '../../../ui/page';
import { TextAreaField, TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
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
import { TitledCard } from '../console/admin-ui';
import { pendingText } from '../console/pending-approval';
import { approvalReasonError } from './approvals-model';
import { theme } from '../../../ui/theme';

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

/**
 * Asks for another admin account, under the sign-up rules, after a confirmation. The account
 * is made when a second admin approves the request (Approvals); until then it cannot sign in.
 */
export function CreateAdminForm() {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const mutation = useCreateAdminAccount();
  const form = useFormState(CREATE_ADMIN_FIELDS, EMPTY_CREATE_ADMIN, validateCreateAdmin);
  const [confirming, setConfirming] = useState<CreateAdminValues | null>(null);
  const [sent, setSent] = useState<{ username: string; text: MessageDescriptor } | null>(null);
  const minPassword = PASSWORD_MIN_LENGTH;

  async function create(values: CreateAdminValues) {
    try {
      const { approval } = await mutation.mutateAsync(createAdminRequest(values));
      const text = pendingText(approval);
      toast({ tone: 'success', text: i18n._(text) });
      setSent({ username: values.username.trim(), text });
      form.reset();
    } catch (error) {
      form.setRefusal(describeAdminError(error, msg`The admin could not be created.`));
    } finally {
      setConfirming(null);
    }
  }

  const pending = confirming ?? form.values;
  const who = `${pending.fullName.trim()} (${pending.email.trim()})`;
  const sentUsername = sent?.username ?? '';
  return (
    <TitledCard
      title={<Trans>Create admin</Trans>}
      description={
        <Trans>
          A second admin must approve the new account under Approvals. Then the new admin signs in
          on the usual sign-in page and has full access to this console.
        </Trans>
      }
    >
      {sent && (
        <Muted role="status">
          <Trans>Requested: @{sentUsername}.</Trans> {i18n._(sent.text)}{' '}
          <Link href="/admin/approvals">
            <Trans>See Approvals</Trans>
          </Link>
        </Muted>
      )}
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
            Once another admin approves the request, {who} will be able to decide deposits and
            withdrawals, manage users and change every setting.
          </Trans>
        </p>
      </ConfirmDialog>
    </TitledCard>
  );
}

/**
 * Disabling another admin (at once: they are signed out everywhere and cannot sign in), or
 * asking for a disabled admin to be enabled again (a second admin approves it). Both need a
 * reason, recorded in the audit log.
 */
export function AdminAccessDialog({
  account,
  action,
  onClose,
}: {
  account: { _id: string; username: string };
  action: 'disable' | 'enable';
  onClose: () => void;
}) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const disable = useDisableAdminAccount();
  const enable = useEnableAdminAccount();
  const mutation = action === 'disable' ? disable : enable;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [failure, setFailure] = useState<FormError | null>(null);
  const username = account.username;

  async function confirm() {
    const invalid = approvalReasonError(reason);
    setProblem(invalid);
    if (invalid) return;
    try {
      if (action === 'disable') {
        await disable.mutateAsync({ id: account._id, reason: reason.trim() });
        toast({ tone: 'success', text: t`Admin @${username} disabled.` });
      } else {
        const { approval } = await enable.mutateAsync({ id: account._id, reason: reason.trim() });
        toast({ tone: 'success', text: i18n._(pendingText(approval)) });
      }
      onClose();
    } catch (error) {
      setFailure(describeAdminError(error));
    }
  }

  return (
    <ConfirmDialog
      title={
        action === 'disable' ? (
          <Trans>Disable @{username}?</Trans>
        ) : (
          <Trans>Ask to enable @{username}?</Trans>
        )
      }
      confirmLabel={action === 'disable' ? <Trans>Disable</Trans> : <Trans>Ask</Trans>}
      tone={action === 'disable' ? 'danger' : 'primary'}
      busy={mutation.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>
        {action === 'disable' ? (
          <Trans>
            They are signed out everywhere at once and cannot sign in, and their requests waiting
            for approval are rejected. Enabling them again needs two admins.
          </Trans>
        ) : (
          <Trans>Another admin must approve this before @{username} can sign in again.</Trans>
        )}
      </p>
      <TextAreaField
        label={<Trans>Reason (recorded in the audit log)</Trans>}
        value={reason}
        rows={3}
        maxLength={APPROVAL_REASON_MAX_LENGTH}
        error={problem ? i18n._(problem) : undefined}
        reserveMessage={false}
        announceError
        onChange={(event) => {
          setReason(event.target.value);
          if (problem) setProblem(null);
        }}
      />
      {failure && <ErrorMessage>{translate(i18n, failure.message)}</ErrorMessage>}
    </ConfirmDialog>
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
