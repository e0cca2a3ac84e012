import { useLingui } from '@lingui/react/macro';
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';
import { EyeIcon, EyeOffIcon } from './page-icons';
import { flexColumn } from './layout';
import { theme } from './theme';

/** A field: its label, its control and the message line under it, one under the other. */
export const FieldBox = styled.div`
  ${flexColumn(theme.space.xs)}
`;

/** A field's label; also the legend over a group of choices, so both read alike. */
export const fieldLabelStyle = css`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.textMuted};
`;

export const FieldLabel = styled.label`
  ${fieldLabelStyle}
`;

/** The box around a field's input (or select), red while the field is invalid. */
export const fieldControlStyle = css<{ $invalid: boolean }>`
  display: flex;
  align-items: center;
  min-height: ${theme.sizes.touchPx + 4}px;
  border-radius: ${theme.radii.md};
  border: 1px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${theme.colors.surface};

  &:focus-within {
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.primary)};
    box-shadow: 0 0 0 3px rgba(108, 124, 255, 0.18);
  }
`;

const Control = styled.div<{ $invalid: boolean }>`
  ${fieldControlStyle}
  transition: border-color ${theme.durations.fastMs}ms ease;
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  height: ${theme.sizes.touchPx + 2}px;
  padding: 0 ${theme.space.lg};
  border: 0;
  background: transparent;
  outline: none;
  /* 16px keeps iOS Safari from zooming into the field on focus. */
  font-size: 16px;

  &::placeholder {
    color: ${theme.colors.textFaint};
  }
  &:focus-visible {
    outline: none;
  }
  /* Typed amounts and ids in tabular figures, so the text does not jitter as it changes. */
  &[inputmode='decimal'],
  &[inputmode='numeric'] {
    font-variant-numeric: tabular-nums;
  }
`;

const Suffix = styled.span`
  flex: none;
  padding: 0 ${theme.space.lg} 0 ${theme.space.xs};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

const Reveal = styled.button`
  display: grid;
  place-items: center;
  width: ${theme.sizes.touchPx}px;
  height: ${theme.sizes.touchPx}px;
  margin-right: ${theme.space.xxs};
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
`;

/**
 * The line under the input is always there, empty or not: an error appearing on blur must
 * not push the submit button away from under a pointer that is about to click it.
 */
export const FieldMessage = styled.div<{ $reserved?: boolean }>`
  min-height: ${({ $reserved = true }) => ($reserved ? '1.25rem' : '0')};
  font-size: ${theme.fontSizes.sm};
  line-height: ${({ $reserved = true }) => ($reserved ? '1.25rem' : 'inherit')};
`;

export const FieldError = styled.p`
  color: ${theme.colors.danger};
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
    <FieldBox>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
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
      <FieldMessage>
        {showHint && (
          <Hint id={hintId} $tone={hintTone} role={hintTone === 'warning' ? 'status' : undefined}>
            {hint}
          </Hint>
        )}
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </FieldMessage>
    </FieldBox>
  );
}

/**
 * A password input with its show/hide button. `autoComplete` says which password it is, so
 * a password manager offers the saved one or proposes a new one.
 */
export function PasswordField(
  props: Omit<TextFieldProps, 'type' | 'revealable' | 'autoComplete'> & {
    autoComplete: 'current-password' | 'new-password';
  },
) {
  return <TextField type="password" revealable {...props} />;
}

/** The password a password change is checked against, under its usual label. */
export function CurrentPasswordField(
  props: Omit<TextFieldProps, 'type' | 'revealable' | 'autoComplete' | 'label'>,
) {
  const { t } = useLingui();
  return <PasswordField label={t`Current password`} autoComplete="current-password" {...props} />;
}

/**
 * The account a password form changes the password of, hidden: password managers read it
 * to update the right entry.
 */
export function AccountNameInput({ name, value }: { name: string; value: string }) {
  return <input type="text" name={name} autoComplete="username" value={value} readOnly hidden />;
}

/** An email address input: the email keyboard, without capitals or spelling corrections. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return (
    <TextField type="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />
  );
}

/** A phone number input: the phone keypad. */
export function PhoneField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField type="tel" inputMode="tel" {...props} />;
}

/** A label with a character count at its end. */
const CountedLabel = styled(FieldLabel)`
  display: flex;
  justify-content: space-between;
  gap: ${theme.space.md};
`;

const Count = styled.span`
  font-variant-numeric: tabular-nums;
  color: ${theme.colors.textFaint};
  font-weight: ${theme.fontWeights.regular};
`;

const TextArea = styled.textarea`
  width: 100%;
  min-height: 88px;
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font: inherit;
  /* 16px keeps iOS Safari from zooming into the field on focus. */
  font-size: 16px;
  resize: vertical;

  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &:focus {
    outline: none;
    border-color: ${theme.colors.primary};
    box-shadow: 0 0 0 3px rgba(108, 124, 255, 0.18);
  }
`;

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'value'
> {
  label: ReactNode;
  value: string;
  /** A translated error text; shown when set. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows "used/maxLength" at the end of the label (with `maxLength`). */
  counter?: boolean;
  /**
   * Keeps the message line when it is empty, as TextField does, so an error appearing does
   * not move what is below; `false` adds the line only with a message to show.
   */
  reserveMessage?: boolean;
  /** Announces the error as it appears: for one shown on a button press, the focus on the button. */
  announceError?: boolean;
  /** Goes on the whole field (label, text area and message), so a screen can extend it. */
  className?: string;
}

/** A labelled multi-line text input with TextField's label, hint and error line. */
export function TextAreaField({
  label,
  value,
  error,
  hint,
  counter = false,
  reserveMessage = true,
  announceError = false,
  className,
  maxLength,
  ...textAreaProps
}: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showHint = Boolean(hint) && !error;
  const describedBy = error ? errorId : showHint ? hintId : undefined;
  const counted = counter && maxLength !== undefined;
  return (
    <FieldBox className={className}>
      {counted ? (
        <CountedLabel htmlFor={id}>
          <span>{label}</span>
          <Count aria-hidden="true">
            {value.length}/{maxLength}
          </Count>
        </CountedLabel>
      ) : (
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
      )}
      <TextArea
        id={id}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textAreaProps}
      />
      {(reserveMessage || error || showHint) && (
        <FieldMessage $reserved={reserveMessage}>
          {showHint && (
            <Hint id={hintId} $tone="muted">
              {hint}
            </Hint>
          )}
          {error && (
            <FieldError id={errorId} role={announceError ? 'alert' : undefined}>
              {error}
            </FieldError>
          )}
        </FieldMessage>
      )}
    </FieldBox>
  );
}
