import { useLingui } from '@lingui/react/macro';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { EyeIcon, EyeOffIcon } from './icons';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Control = styled.div<{ $invalid: boolean }>`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) => theme.sizes.touchPx + 4}px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  transition: border-color ${({ theme }) => theme.durations.fastMs}ms ease;

  &:focus-within {
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.primary)};
    box-shadow: 0 0 0 3px rgba(108, 124, 255, 0.18);
  }
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  height: ${({ theme }) => theme.sizes.touchPx + 2}px;
  padding: 0 ${({ theme }) => theme.space.lg};
  border: 0;
  background: transparent;
  outline: none;
  /* 16px keeps iOS Safari from zooming into the field on focus. */
  font-size: 16px;

  &::placeholder {
    color: ${({ theme }) => theme.colors.textFaint};
  }
  &:focus-visible {
    outline: none;
  }
`;

const Suffix = styled.span`
  flex: none;
  padding: 0 ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Reveal = styled.button`
  display: grid;
  place-items: center;
  width: ${({ theme }) => theme.sizes.touchPx}px;
  height: ${({ theme }) => theme.sizes.touchPx}px;
  margin-right: ${({ theme }) => theme.space.xxs};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;

/**
 * The line under the input is always there, empty or not: an error appearing on blur must
 * not push the submit button away from under a pointer that is about to click it.
 */
const Message = styled.div`
  min-height: 1.25rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.25rem;
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

const Hint = styled.p<{ $tone: 'muted' | 'warning' }>`
  font-size: ${({ theme, $tone }) => ($tone === 'warning' ? theme.fontSizes.sm : theme.fontSizes.xs)};
  color: ${({ theme, $tone }) => ($tone === 'warning' ? theme.colors.warning : theme.colors.textFaint)};
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** A translated error text; shown and announced when set. */
  error?: string | undefined;
  hint?: ReactNode;
  /** `warning` for a hint that reports a change the field made, e.g. a value set back. */
  hintTone?: 'muted' | 'warning';
  /** For passwords: adds a show/hide button. */
  revealable?: boolean;
  /** A unit shown inside the field after the value, e.g. "USDT". */
  suffix?: ReactNode;
}

/** A labelled text input with its error message, wired for assistive technology. */
export function TextField({
  label,
  error,
  hint,
  hintTone = 'muted',
  revealable,
  suffix,
  type,
  ...inputProps
}: TextFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showHint = Boolean(hint) && !error;
  const describedBy = error ? errorId : showHint ? hintId : undefined;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Control $invalid={Boolean(error)}>
        <Input
          id={id}
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {suffix && <Suffix>{suffix}</Suffix>}
        {revealable && (
          <Reveal
            type="button"
            aria-label={revealed ? t`Hide password` : t`Show password`}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? <EyeOffIcon sizePx={20} /> : <EyeIcon sizePx={20} />}
          </Reveal>
        )}
      </Control>
      <Message>
        {showHint && (
          <Hint id={hintId} $tone={hintTone} role={hintTone === 'warning' ? 'status' : undefined}>
            {hint}
          </Hint>
        )}
        {error && <ErrorText id={errorId}>{error}</ErrorText>}
      </Message>
    </Field>
  );
}
