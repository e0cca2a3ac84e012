import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { ChevronDownIcon } from './icons';
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
    <Field>
      <Label htmlFor={id}>{label}</Label>
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
      <Message>{error && <ErrorText id={errorId}>{error}</ErrorText>}</Message>
    </Field>
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
`;

const Label = styled.label`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.textMuted};
`;

const Control = styled.div<{ $invalid: boolean }>`
  position: relative;
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

const Message = styled.div`
  min-height: 1.25rem;
  font-size: ${theme.fontSizes.sm};
  line-height: 1.25rem;
`;

const ErrorText = styled.p`
  color: ${theme.colors.danger};
`;
