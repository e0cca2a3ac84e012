import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { APP_NOTICE_MAX_LENGTH, type AdminUserDetail } from '../../../../common/contract';
import { useUpdateAdminUser } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { focusFirstInvalid } from '../../../ui/focus-first-invalid';
import { Card, ErrorMessage, SectionTitle } from '../../../ui/page';
import { TextAreaField, TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import {
  PROFILE_FIELDS,
  isProfileField,
  profileErrors,
  profileRequest,
  type ProfileField,
  type ProfileValues,
} from './user-model';
import { theme } from '../../../ui/theme';

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
  const [values, setValues] = useState<ProfileValues>(saved);
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProfileField, AppMessage>>>({});
  const [failure, setFailure] = useState<AppMessage | null>(null);

  const errors = profileErrors(values);
  const changed = PROFILE_FIELDS.some((field) => values[field].trim() !== saved[field].trim());

  const bind = (field: ProfileField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setServerErrors((current) => ({ ...current, [field]: undefined }));
      setFailure(null);
    },
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: (() => {
      const local = submitted || touched[field] ? errors[field] : undefined;
      const message = local ?? serverErrors[field];
      return message ? translate(i18n, message) : undefined;
    })(),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, PROFILE_FIELDS, errors);
    if (Object.keys(errors).length > 0 || mutation.isPending || !changed) return;
    setServerErrors({});
    setFailure(null);
    try {
      const request = profileRequest(user._id, values);
      const result = await mutation.mutateAsync(request);
      // The fields as the server keeps them (trimmed, the email in lower case).
      setValues({
        fullName: result.user.fullName,
        username: result.user.username,
        email: result.user.email,
        phoneNumber: result.user.phoneNumber,
        appNotice: request.appNotice ?? '',
      });
      toast({ tone: 'success', text: t`User updated successfully` });
      setSubmitted(false);
      setTouched({});
    } catch (error) {
      const { field, message } = describeAdminError(
        error,
        // docs/product.md §8's text for a failed profile update.
        msg`Failed to update user. Please try again.`,
      );
      if (isProfileField(field)) setServerErrors({ [field]: message });
      else setFailure(message);
    }
  };

  return (
    <Card as="section" aria-label={t`Profile`}>
      <SectionTitle>
        <Trans>Profile</Trans>
      </SectionTitle>
      <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t`Edit profile`}>
        <TextField label={t`Full name`} autoComplete="off" maxLength={200} {...bind('fullName')} />
        <TextField
          label={t`Username`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
          {...bind('username')}
        />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={320}
          {...bind('email')}
        />
        <TextField
          label={t`Phone number`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={40}
          {...bind('phoneNumber')}
        />
        <TextAreaField
          counter
          label={<Trans>Personal notice</Trans>}
          hint={<Trans>Shown on the user’s notice page. Leave it empty to remove it.</Trans>}
          rows={3}
          maxLength={APP_NOTICE_MAX_LENGTH}
          {...bind('appNotice')}
        />
        {failure !== null && <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>}
        <Button type="submit" busy={mutation.isPending} disabled={!changed}>
          <Trans>Save profile</Trans>
        </Button>
      </Form>
    </Card>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
`;
