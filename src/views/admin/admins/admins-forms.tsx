import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
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
import { translate, type AppMessage, type FormError } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { ErrorMessage, Muted } from '../../../ui/page';
import {
  AccountNameInput,
  CurrentPasswordField,
  EmailField,
  PasswordField,
  PhoneField,
  TextAreaField,
  TextField,
} from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useFormFields } from '../../../ui/use-form-fields';
import {
  CREATE_ADMIN_FIELDS,
  OWN_PASSWORD_FIELDS,
  createAdminRequest,
  ownPasswordRefusal,
  validateCreateAdmin,
  validateOwnPassword,
  type CreateAdminField,
  type CreateAdminValues,
  type OwnPasswordValues,
} from './admins-model';
import { FieldsForm, TitledCard } from '../console/admin-ui';
import { pendingText } from '../console/pending-approval';
import { useReason } from '../console/use-reason';
import { approvalReasonError } from './approvals-model';

/**
 * A form's state (`useFormFields`), with the admin's texts: the server's refusal goes under
 * its field, else above the button, until the next submit.
 */
function useAdminForm<F extends string>(
  fields: readonly F[],
  validate: (values: Record<F, string>) => Partial<Record<F, MessageDescriptor>>,
) {
  const { i18n } = useLingui();
  const form = useFormFields({
    fields,
    validate,
    describe: (message: AppMessage) => translate(i18n, message),
  });
  return {
    ...form,
    /** Marks the form submitted; true when it may be sent, else the cursor goes to a problem. */
    check(event: FormEvent<HTMLFormElement>): boolean {
      form.clearRefusals();
      return form.check(event);
    },
  };
}

/**
 * Asks for another admin account, under the sign-up rules, after a confirmation. The account
 * is made when a second admin approves the request (Approvals); until then it cannot sign in.
 */
export function CreateAdminForm() {
  const { i18n } = useLingui();
  const toast = useToast();
  const mutation = useCreateAdminAccount();
  const form = useAdminForm(CREATE_ADMIN_FIELDS, validateCreateAdmin);
  const [confirming, setConfirming] = useState<CreateAdminValues | null>(null);
  const [sent, setSent] = useState<{ username: string; text: MessageDescriptor } | null>(null);

  async function create(values: CreateAdminValues) {
    try {
      const { approval } = await mutation.mutateAsync(createAdminRequest(values));
      const text = pendingText(approval);
      toast({ tone: 'success', text: i18n._(text) });
      setSent({ username: values.username.trim(), text });
      form.reset();
    } catch (error) {
      const { field, message } = describeAdminError(error, msg`The admin could not be created.`);
      form.refuse(field, message);
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
      <FieldsForm
        noValidate
        onSubmit={(event) => {
          if (form.check(event) && !mutation.isPending) setConfirming(form.values);
        }}
      >
        <NewAdminFields bind={form.bind} />
        {form.formError && <ErrorMessage>{form.formError}</ErrorMessage>}
        <Button type="submit" block busy={mutation.isPending}>
          <Trans>Create admin</Trans>
        </Button>
      </FieldsForm>
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

/** The new admin's account fields, under the sign-up rules; no browser autofill. */
function NewAdminFields({
  bind,
}: {
  bind: ReturnType<typeof useAdminForm<CreateAdminField>>['bind'];
}) {
  const { t } = useLingui();
  const minPassword = PASSWORD_MIN_LENGTH;
  return (
    <>
      <TextField
        label={t`Full name`}
        autoComplete="off"
        autoCapitalize="words"
        {...bind('fullName')}
      />
      <TextField
        label={t`Username`}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={t`Letters, digits, dots and underscores.`}
        {...bind('username')}
      />
      <EmailField label={t`Email`} autoComplete="off" {...bind('email')} />
      <PhoneField label={t`Phone number (optional)`} autoComplete="off" {...bind('phoneNumber')} />
      <PasswordField
        label={t`Password`}
        autoComplete="new-password"
        hint={t`At least ${minPassword} characters, not containing the username or email.`}
        {...bind('password')}
      />
      <PasswordField
        label={t`Confirm password`}
        autoComplete="new-password"
        {...bind('confirmPassword')}
      />
    </>
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
  const reason = useReason(approvalReasonError);
  const [failure, setFailure] = useState<FormError | null>(null);
  const username = account.username;

  async function confirm() {
    const text = reason.take();
    if (text === null) return;
    try {
      if (action === 'disable') {
        await disable.mutateAsync({ id: account._id, reason: text });
        toast({ tone: 'success', text: t`Admin @${username} disabled.` });
      } else {
        const { approval } = await enable.mutateAsync({ id: account._id, reason: text });
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
        maxLength={APPROVAL_REASON_MAX_LENGTH}
        {...reason.field}
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
  const form = useAdminForm(OWN_PASSWORD_FIELDS, (values) => validateOwnPassword(values, account));
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
      const { field, message } = ownPasswordRefusal(error);
      form.refuse(field, message);
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
      <FieldsForm
        noValidate
        onSubmit={(event) => {
          if (form.check(event) && !mutation.isPending && !done) setConfirming(form.values);
        }}
      >
        <AccountNameInput name="account" value={account.email ?? ''} />
        <CurrentPasswordField {...form.bind('currentPassword')} />
        <PasswordField
          label={t`New password`}
          autoComplete="new-password"
          hint={t`At least ${minPassword} characters, not containing your username or email.`}
          {...form.bind('password')}
        />
        <PasswordField
          label={t`Confirm new password`}
          autoComplete="new-password"
          {...form.bind('confirmPassword')}
        />
        {form.formError && <ErrorMessage>{form.formError}</ErrorMessage>}
        <Button type="submit" block busy={mutation.isPending} disabled={done}>
          <Trans>Change password</Trans>
        </Button>
      </FieldsForm>
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
