import { useLingui } from '@lingui/react/macro';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describeAdminError } from '../../../services/error-messages';
import { translate } from '../../../services/messages';
import { ConfirmDialog } from '../../../ui/dialog';
import { ErrorMessage } from '../../../ui/page';
import { useToast } from '../../../ui/toast';

/**
 * Asks before deleting a record (a coin, a payment method), saying what deleting it does
 * (`children`). Success closes the dialog with `deletedText`; a refusal of the server stays
 * in it, with the reason.
 */
export function DeleteDialog({
  id,
  remove,
  title,
  confirmLabel,
  deletedText,
  onClose,
  children,
}: {
  id: string;
  remove: UseMutationResult<unknown, Error, string>;
  title: ReactNode;
  confirmLabel: ReactNode;
  deletedText: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const toast = useToast();
  const failure = remove.isError ? describeAdminError(remove.error).message : null;

  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        toast({ tone: 'success', text: deletedText });
        onClose();
      },
    });

  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      tone="danger"
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {children}
      {failure !== null && <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>}
    </ConfirmDialog>
  );
}
