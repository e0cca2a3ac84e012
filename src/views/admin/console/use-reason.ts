import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useState, type ChangeEvent } from 'react';

/**
 * A reason typed in a confirmation dialog (a rejection, disabling an admin): checked by
 * `check` only when the action is confirmed, its problem then announced under the field
 * until the reason is edited. `field` goes on a TextAreaField.
 */
export function useReason(check: (text: string) => MessageDescriptor | null) {
  const { i18n } = useLingui();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  return {
    /** The reason, trimmed; null when it fails the check, whose problem is then shown. */
    take(): string | null {
      const found = check(text);
      setProblem(found);
      return found ? null : text.trim();
    },
    clear() {
      setText('');
      setProblem(null);
    },
    field: {
      value: text,
      rows: 3,
      error: problem ? i18n._(problem) : undefined,
      reserveMessage: false,
      announceError: true,
      onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
        setText(event.target.value);
        if (problem) setProblem(null);
      },
    },
  };
}
