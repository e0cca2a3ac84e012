import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { APP_NOTICE_MAX_LENGTH, type AdminUserDetail } from '../../../../common/contract';
import { useUpdateAdminUser } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { ErrorMessage } from '../../../ui/page';
import { PhoneField, TextAreaField, TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useFormFields } from '../../../ui/use-form-fields';
import {
  PROFILE_FIELDS,
  isProfileField,
  profileErrors,
  profileRequest,
  type ProfileValues,
} from './user-model';
import { UserCard, UserForm } from './user-ui';

type DetailUser = AdminUserDetail['user'];

function valuesOf(user: DetailUser): ProfileValues {
  return {
    fullName: user.fullName,
    username: user.username,
    email: user.email,
    phoneNumber: user.phoneNumber,
    appNotice: user.appNotice ?? '',
  };
}

/**
 * The profile as the admin may change it (PUT /api/updateUser): the account fields under the
 * sign-up rules, and the personal notice on the user's notice page (empty removes it).
 */
export function UserProfileForm({ user }: { user: DetailUser }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const mutation = useUpdateAdminUser();
  const saved = valuesOf(user);
  const [failure, setFailure] = useState<AppMessage | null>(null);
  const form = useFormFields({
    fields: PROFILE_FIELDS,
    initial: saved,
    validate: profileErrors,
    describe: (message: AppMessage) => translate(i18n, message),
    onEdit: () => setFailure(null),
  });
  const changed = PROFILE_FIELDS.some((field) => form.values[field].trim() !== saved[field].trim());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event) || mutation.isPending || !changed) return;
    form.clearRefusals();
    setFailure(null);
    try {
      const request = profileRequest(user._id, form.values);
      const result = await mutation.mutateAsync(request);
      // The fields as the server keeps them (trimmed, the email in lower case).
      form.reset({
        fullName: result.user.fullName,
        username: result.user.username,
        email: result.user.email,
        phoneNumber: result.user.phoneNumber,
        appNotice: request.appNotice ?? '',
      });
      toast({ tone: 'success', text: t`User updated successfully` });
    } catch (error) {
      const { field, message } = describeAdminError(
        error,
        // docs/product.md §8's text for a failed profile update.
        msg`Failed to update user. Please try again.`,
      );
      if (isProfileField(field)) form.refuse(field, message);
      else setFailure(message);
    }
  };

  return (
    <UserCard title={t`Profile`}>
      <UserForm noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t`Edit profile`}>
        <TextField
          label={t`Full name`}
          autoComplete="off"
          maxLength={200}
          {...form.bind('fullName')}
        />
        <TextField
          label={t`Username`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
          {...form.bind('username')}
        />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={320}
          {...form.bind('email')}
        />
        <PhoneField
          label={t`Phone number`}
          autoComplete="off"
          maxLength={40}
          {...form.bind('phoneNumber')}
        />
        <TextAreaField
          counter
          label={<Trans>Personal notice</Trans>}
          hint={<Trans>Shown on the user’s notice page. Leave it empty to remove it.</Trans>}
          rows={3}
          maxLength={APP_NOTICE_MAX_LENGTH}
          {...form.bind('appNotice')}
        />
        {failure !== null && <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>}
        <Button type="submit" busy={mutation.isPending} disabled={!changed}>
          <Trans>Save profile</Trans>
        </Button>
      </UserForm>
    </UserCard>
  );
}
