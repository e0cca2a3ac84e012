import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { ChevronDownIcon } from './icons';
import { FieldBox, FieldError, FieldLabel, FieldMessage, fieldControlStyle } from './text-field';
import { theme } from './theme';

/** A labelled native select with its error line, styled like the text fields. */
export function SelectField({
  label,
  error,
  children,
  ...selectProps
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <FieldBox>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Control $invalid={Boolean(error)}>
        <Select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...selectProps}
        >
          {children}
        </Select>
        <Chevron aria-hidden="true">
          <ChevronDownIcon sizePx={18} />
        </Chevron>
      </Control>
      <FieldMessage>{error && <FieldError id={errorId}>{error}</FieldError>}</FieldMessage>
    </FieldBox>
  );
}

const Control = styled.div<{ $invalid: boolean }>`
  ${fieldControlStyle}
  position: relative;
`;

const Select = styled.select`
  flex: 1;
  min-width: 0;
  height: ${theme.sizes.touchPx + 2}px;
  padding: 0 ${theme.space.xxxl} 0 ${theme.space.lg};
  border: 0;
  background: transparent;
  color: ${theme.colors.text};
  /* 16px keeps iOS Safari from zooming into the field on focus. */
  font-size: 16px;
  appearance: none;
  outline: none;
  cursor: pointer;

  option {
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
  }
`;

const Chevron = styled.span`
  position: absolute;
  right: ${theme.space.md};
  display: grid;
  pointer-events: none;
  color: ${theme.colors.textMuted};
`;
