import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { Spinner } from './spinner';
import { theme } from './theme';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface StyleProps {
  $variant: ButtonVariant;
  $block: boolean;
}

/** Shared look of buttons and button-like links. */
const buttonStyle = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  min-height: ${theme.sizes.touchPx + 4}px;
  padding: 0 ${theme.space.xl};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border-radius: ${theme.radii.md};
  border: 1px solid transparent;
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: none;
  cursor: pointer;
  user-select: none;
  transition:
    background ${theme.durations.fastMs}ms ease,
    transform ${theme.durations.fastMs}ms ease;

  &:active:not(:disabled) {
    transform: scale(0.98);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  ${({ $variant, theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.primaryText};
          &:hover:not(:disabled) {
            background: ${theme.colors.primaryFillHover};
          }
        `;
      case 'secondary':
        return css`
          background: ${theme.colors.surfaceRaised};
          border-color: ${theme.colors.border};
          color: ${theme.colors.text};
          &:hover:not(:disabled) {
            background: ${theme.colors.surfaceHover};
          }
        `;
      case 'danger':
        return css`
          background: ${theme.colors.dangerSoft};
          border-color: rgba(246, 70, 93, 0.35);
          color: ${theme.colors.danger};
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.primaryHover};
          &:hover:not(:disabled) {
            background: ${theme.colors.surfaceRaised};
          }
        `;
    }
  }}
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyle}
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  /** Shows a spinner, disables the button and marks it busy for assistive technology. */
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $block={block}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner sizePx={18} current />}
      {children}
    </StyledButton>
  );
}

const StyledLink = styled(Link)<StyleProps>`
  ${buttonStyle}
`;

/** An in-app link that looks like a button. */
export function ButtonLink({
  to,
  variant = 'primary',
  block = false,
  onClick,
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  block?: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <StyledLink href={to} $variant={variant} $block={block} onClick={onClick}>
      {children}
    </StyledLink>
  );
}

const iconButtonStyle = css`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${theme.sizes.touchPx}px;
  height: ${theme.sizes.touchPx}px;
  padding: 0;
  border: 0;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.text};
  cursor: pointer;

  &:hover {
    background: ${theme.colors.surfaceRaised};
  }
`;

/** A square, borderless button for an icon; give it an `aria-label`. */
export const IconButton = styled.button`
  ${iconButtonStyle}
`;

/** An external link that looks like an icon button; give it an `aria-label`. */
export const IconLink = styled.a`
  ${iconButtonStyle}
`;
