import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { adminKeys, useUpdateSiteSettings } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { focusFirstInvalid } from '../../../ui/focus-first-invalid';
import { CheckIcon } from '../../../ui/icons';
import { ErrorMessage, Muted } from '../../../ui/page';
import { TextField, type TextFieldProps } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { FieldsForm, TitledCard } from '../console/admin-ui';
import {
  changedFields,
  savedSettings,
  serverField,
  settingsUpdate,
  type SettingsField,
  type SettingsForm,
} from './settings-model';
import { validateSettings } from './settings-validation';
import { flexRow } from '../../../ui/layout';
import { theme } from '../../../ui/theme';

/**
 * One group of settings with its own Save: the admin's edits over the saved values, the
 * checks of the server run before sending, only the changed fields sent, and the answer put
 * in the cache at once so the form shows what is saved now.
 */
export function useSettingsSection(fields: readonly SettingsField[], saved: SettingsForm) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutation = useUpdateSiteSettings();
  const [edits, setEdits] = useState<Partial<SettingsForm>>({});
  const [touched, setTouched] = useState<Partial<Record<SettingsField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<{ field?: SettingsField; message: AppMessage } | null>(
    null,
  );
  const [justSaved, setJustSaved] = useState(false);
  // A loosening of dual approval sent and waiting for a second admin's approval.
  const [awaitingApproval, setAwaitingApproval] = useState(false);

  const values: SettingsForm = { ...saved, ...edits };
  const changed = changedFields(values, saved, fields);
  const errors = validateSettings(values, fields);

  function set<F extends SettingsField>(field: F, value: SettingsForm[F]) {
    setEdits((current) => ({ ...current, [field]: value }));
    setJustSaved(false);
    if (refusal?.field === field || (refusal && !refusal.field)) setRefusal(null);
  }

  const fieldError = (field: SettingsField): string | undefined => {
    const problem = errors[field];
    if (problem && (submitted || touched[field])) return i18n._(problem);
    if (refusal?.field === field) return translate(i18n, refusal.message);
    return undefined;
  };

  /** The props of a TextField bound to a text field of the form. */
  const bindText = (field: SettingsField & keyof PickStrings<SettingsForm>) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: fieldError(field),
  });

  async function send(): Promise<void> {
    setRefusal(null);
    try {
      const { settings, approval } = savedSettings(
        await mutation.mutateAsync(settingsUpdate(values, saved, fields)),
      );
      queryClient.setQueryData(adminKeys.settings, settings);
      setEdits({});
      setTouched({});
      setSubmitted(false);
      setJustSaved(true);
      setAwaitingApproval(approval !== null);
      toast({
        tone: 'success',
        text:
          approval === null
            ? t`Settings saved.`
            : t`Sent for approval: another admin must approve this change of dual approval.`,
      });
    } catch (error) {
      const { message, field } = describeAdminError(error);
      const where = serverField(field, fields);
      setRefusal(where ? { field: where, message } : { message });
    }
  }

  /** Checks the form, puts the cursor on the first problem, or sends the changes. */
  function onSubmit(event: FormEvent<HTMLFormElement>, confirm?: () => void) {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, fields, errors);
    if (Object.keys(errors).length > 0 || changed.length === 0 || mutation.isPending) return;
    if (confirm) confirm();
    else void send();
  }

  function discard() {
    setEdits({});
    setTouched({});
    setSubmitted(false);
    setRefusal(null);
  }

  return {
    values,
    set,
    bindText,
    fieldError,
    changed: changed.length > 0,
    busy: mutation.isPending,
    justSaved,
    awaitingApproval,
    formError: refusal && !refusal.field ? translate(i18n, refusal.message) : null,
    onSubmit,
    send,
    discard,
  };
}

type PickStrings<T> = { [K in keyof T as T[K] extends string ? K : never]: T[K] };

export type SettingsSectionForm = ReturnType<typeof useSettingsSection>;

/** A titled card holding one group's form, with Save (off until something changed). */
export function SectionCard({
  title,
  description,
  form,
  onSubmit,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  form: SettingsSectionForm;
  /** Instead of saving at once, e.g. to ask for a confirmation first. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <TitledCard title={title} description={description} titleId={titleId}>
      <FieldsForm
        noValidate
        aria-labelledby={titleId}
        onSubmit={onSubmit ?? ((event) => form.onSubmit(event))}
      >
        {children}
        {form.awaitingApproval && (
          <Muted role="status">
            <Trans>
              Waiting for a second admin: the change of dual approval applies once another admin
              approves it under <Link href="/admin/approvals">Approvals</Link>.
            </Trans>
          </Muted>
        )}
        {form.formError && <ErrorMessage>{form.formError}</ErrorMessage>}
        <Footer>
          {form.justSaved && !form.changed ? (
            <SavedNote role="status">
              <CheckIcon sizePx={16} />
              <Trans>Saved</Trans>
            </SavedNote>
          ) : form.changed ? (
            <Button variant="ghost" onClick={form.discard} disabled={form.busy}>
              <Trans>Undo changes</Trans>
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" busy={form.busy} disabled={!form.changed}>
            <Trans>Save</Trans>
          </Button>
        </Footer>
      </FieldsForm>
    </TitledCard>
  );
}

const Footer = styled.div`
  ${flexRow(theme.space.md)}
  justify-content: space-between;
  margin-top: ${theme.space.xs};
`;

const SavedNote = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  color: ${theme.colors.success};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

/** A setting's figure (an amount, a percent), with its unit after it: the decimal keyboard. */
export function FigureField(props: Omit<TextFieldProps, 'inputMode'>) {
  return <TextField inputMode="decimal" autoComplete="off" spellCheck={false} {...props} />;
}

/** A setting's link (a support channel, a script's address): no capitals or corrections. */
export function LinkField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return (
    <TextField
      type="url"
      inputMode="url"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** Two short figure fields side by side, even on a phone (one column only when very narrow). */
export const FieldPair = styled.div`
  display: grid;
  gap: 0 ${theme.space.md};

  @media (min-width: 340px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;
