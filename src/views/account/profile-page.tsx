import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { User } from '../../../common/contract';
import type { ProfileFields } from '../../../common/validation';
import { ApiError } from '../../services/api-error';
import { readOnlyRefusal } from '../../services/error-messages';
import { queryKeys } from '../../services/queries';
import { Button } from '../../ui/button';
import { Detail, DetailList } from '../../ui/list';
import { ErrorMessage, Muted, Page, Section } from '../../ui/page';
import { PhoneField, TextField } from '../../ui/text-field';
import { StackedForm } from '../../ui/form';
import { useToast } from '../../ui/toast';
import { useFormFields } from '../../ui/use-form-fields';
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
import { flexRow } from '../../ui/layout';
import { Avatar } from '../../ui/avatar';
import { theme } from '../../ui/theme';
import { useFieldErrorText } from '../shared/field-error-text';

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
  // A rule the server refused a field by shows under it until the field is edited again.
  const form = useFormFields({
    fields: PROFILE_FIELDS,
    initial: saved,
    validate: validateProfile,
    describe: useFieldErrorText(),
  });
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (updated) => {
      const stored = { fullName: updated.fullName, phoneNumber: updated.phoneNumber };
      setSaved(stored);
      form.reset(stored);
      toast({ tone: 'success', text: t`User updated successfully` });
      queryClient.setQueryData(queryKeys.user, updated);
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
  const changed = profileChanged(form.values, saved);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event) || mutation.isPending || !changed) return;
    form.clearRefusals();
    const { fullName, phoneNumber } = form.values;
    mutation.mutate(
      { fullName: fullName.trim(), phoneNumber: phoneNumber.trim() },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.fieldCode && isProfileField(error.field)) {
            form.refuse(error.field, error.fieldCode);
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
          <Avatar $sizePx={56} aria-hidden="true">
            {initials(saved.fullName || user.username)}
          </Avatar>
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
      <StackedForm noValidate onSubmit={onSubmit} aria-label={t`Edit profile`}>
        <TextField
          label={t`Full name`}
          autoComplete="name"
          maxLength={200}
          {...form.bind('fullName')}
        />
        <PhoneField
          label={t`Phone number`}
          autoComplete="tel"
          maxLength={40}
          {...form.bind('phoneNumber')}
        />
        {mutation.isError && (
          <ErrorMessage>
            {readOnly ? i18n._(readOnly) : <Trans>Failed to update user. Please try again.</Trans>}
          </ErrorMessage>
        )}
        <Button type="submit" block busy={mutation.isPending} disabled={!changed}>
          <Trans>Save changes</Trans>
        </Button>
      </StackedForm>
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
  ${flexRow(theme.space.md)}
  min-width: 0;

  > div {
    min-width: 0;
  }
  h2 {
    font-size: ${theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }
`;
