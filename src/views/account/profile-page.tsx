import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { User } from '../../../common/contract';
import type { FieldErrorCode, ProfileFields } from '../../../common/validation';
import { ApiError } from '../../services/api-error';
import { fieldErrorMessages, readOnlyRefusal } from '../../services/error-messages';
import { queryKeys } from '../../services/queries';
import { Button } from '../../ui/button';
import { focusFirstInvalid } from '../../ui/focus-first-invalid';
import { Detail, DetailList } from '../../ui/list';
import { ErrorMessage, Muted, Page, Section } from '../../ui/page';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import {
  ButtonSkeleton,
  DetailListSkeleton,
  FieldSkeleton,
  LoadingRegion,
} from '../shared/skeletons';
import { WithUser } from '../shared/with-user';
import { updateProfile } from './account-api';
import {
  PROFILE_FIELDS,
  profileChanged,
  validateProfile,
  type ProfileField,
} from './account-rules';
import { theme } from '../../ui/theme';

/**
 * Edit profile: username and email are shown read-only; full name and phone number are
 * edited with the user's own token (PUT /api/updateProfile).
 */
export default function ProfilePage() {
  return (
    <WithUser
      skeleton={
        <Page>
          <LoadingRegion>
            <DetailListSkeleton rows={3} />
            <FieldSkeleton />
            <FieldSkeleton />
            <ButtonSkeleton />
          </LoadingRegion>
        </Page>
      }
    >
      {(user) => <ProfileForm user={user} />}
    </WithUser>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<ProfileFields>({
    fullName: user.fullName,
    phoneNumber: user.phoneNumber,
  });
  const [values, setValues] = useState<ProfileFields>(saved);
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (updated) => {
      const stored = { fullName: updated.fullName, phoneNumber: updated.phoneNumber };
      setSaved(stored);
      setValues(stored);
      setTouched({});
      setSubmitted(false);
      toast({ tone: 'success', text: t`User updated successfully` });
      queryClient.setQueryData(queryKeys.user, updated);
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });

  const errors = validateProfile(values);
  // A rule the server refused the field by, shown under it until the field is edited again.
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProfileField, FieldErrorCode>>>(
    {},
  );
  const changed = profileChanged(values, saved);

  const bind = (field: ProfileField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setServerErrors((current) => ({ ...current, [field]: undefined }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: (() => {
      const code = errors[field] ?? serverErrors[field];
      const shown = errors[field] ? submitted || touched[field] : Boolean(serverErrors[field]);
      return code && shown ? i18n._(fieldErrorMessages[code]) : undefined;
    })(),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, PROFILE_FIELDS, errors);
    if (Object.keys(errors).length > 0 || mutation.isPending || !changed) return;
    setServerErrors({});
    mutation.mutate(
      { fullName: values.fullName.trim(), phoneNumber: values.phoneNumber.trim() },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.fieldCode && isProfileField(error.field)) {
            setServerErrors({ [error.field]: error.fieldCode });
          }
        },
      },
    );
  };

  // In an admin's read-only view every change is refused: say so, not "try again".
  const readOnly = readOnlyRefusal(mutation.error);
  return (
    <Page>
      <Section aria-labelledby="account-title">
        <AccountHeader>
          <Avatar aria-hidden="true">{initials(saved.fullName || user.username)}</Avatar>
          <div>
            <h2 id="account-title">{saved.fullName}</h2>
            <Muted>@{user.username}</Muted>
          </div>
        </AccountHeader>
        <DetailList>
          <Detail label={<Trans>Username</Trans>}>{user.username}</Detail>
          <Detail label={<Trans>Email</Trans>}>{user.email}</Detail>
          <Detail label={<Trans>Pay ID</Trans>}>{user.payId}</Detail>
        </DetailList>
        <Muted>
          <Trans>Your username and email cannot be changed.</Trans>
        </Muted>
      </Section>
      <Form noValidate onSubmit={onSubmit} aria-label={t`Edit profile`}>
        <TextField label={t`Full name`} autoComplete="name" maxLength={200} {...bind('fullName')} />
        <TextField
          label={t`Phone number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={40}
          {...bind('phoneNumber')}
        />
        {mutation.isError && (
          <ErrorMessage>
            {readOnly ? i18n._(readOnly) : <Trans>Failed to update user. Please try again.</Trans>}
          </ErrorMessage>
        )}
        <Button type="submit" block busy={mutation.isPending} disabled={!changed}>
          <Trans>Save changes</Trans>
        </Button>
      </Form>
    </Page>
  );
}

function isProfileField(field: string | undefined): field is ProfileField {
  return field === 'fullName' || field === 'phoneNumber';
}

/** Up to two initials of the name, for the avatar. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}

const AccountHeader = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.md};
  min-width: 0;

  > div {
    min-width: 0;
  }
  h2 {
    font-size: ${theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }
`;

const Avatar = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  background: ${theme.gradients.brand};
  font-weight: ${theme.fontWeights.bold};
  font-size: ${theme.fontSizes.lg};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};

  > button {
    margin-top: ${theme.space.sm};
  }
`;
