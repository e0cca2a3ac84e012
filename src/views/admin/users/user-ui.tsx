import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Badge, Card, SectionTitle } from '../../../ui/page';
import { fieldLabelStyle } from '../../../ui/text-field';
import { userBadges } from './user-model';
import { coveringInput, flexColumn } from '../../../ui/layout';
import { theme } from '../../../ui/theme';

/**
 * Building blocks of the users screens: a titled card, badges, the forms' column, a two-way
 * choice, a labelled figure.
 */

/** A card of the user page named by its title (the balance, a form). */
export function UserCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-label={title}>
      <SectionTitle>{title}</SectionTitle>
      {children}
    </Card>
  );
}

/** A user's badges (verified, KYC pending, disabled, trading or withdrawals stopped). */
export function UserBadges({ user }: { user: Parameters<typeof userBadges>[0] }) {
  const { i18n } = useLingui();
  const badges = userBadges(user);
  if (badges.length === 0) return null;
  return (
    <BadgeRow>
      {badges.map((badge) => (
        <Badge key={badge.key} $tone={badge.tone}>
          {i18n._(badge.label)}
        </Badge>
      ))}
    </BadgeRow>
  );
}

/** The user page's forms: fields one under the other, the button last. */
export const UserForm = styled.form`
  ${flexColumn(theme.space.sm)}
`;

export const BadgeRow = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs};
`;

/** A choice between a few options shown side by side (radio buttons, one always chosen). */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: ReactNode;
  name: string;
  value: T;
  options: readonly { value: T; label: ReactNode; tone?: 'success' | 'danger' }[];
  onChange: (value: T) => void;
}) {
  return (
    <Fieldset>
      <legend>{legend}</legend>
      <Choices $count={options.length}>
        {options.map((option) => (
          <Choice key={option.value} $tone={option.tone}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </Choice>
        ))}
      </Choices>
    </Fieldset>
  );
}

const Fieldset = styled.fieldset`
  ${flexColumn(theme.space.xs)}
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    padding: 0;
    margin-bottom: ${theme.space.xs};
    ${fieldLabelStyle}
  }
`;

const Choices = styled.div<{ $count: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $count }) => $count}, 1fr);
  gap: ${theme.space.xs};
  padding: ${theme.space.xs};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
`;

const Choice = styled.label<{ $tone: 'success' | 'danger' | undefined }>`
  position: relative;
  display: grid;
  place-items: center;
  min-height: 40px;
  border-radius: ${theme.radii.sm};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  input {
    ${coveringInput}
  }
  &:has(input:checked) {
    background: ${theme.colors.surfaceRaised};
    color: ${({ theme, $tone }) =>
      $tone === 'success'
        ? theme.colors.success
        : $tone === 'danger'
          ? theme.colors.danger
          : theme.colors.text};
    box-shadow: inset 0 0 0 1px ${theme.colors.borderStrong};
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
`;

/** A figure with its label above: the money card's cells. */
export function Amount({
  label,
  children,
  large = false,
}: {
  label: ReactNode;
  children: ReactNode;
  large?: boolean;
}) {
  return (
    <AmountBox $large={large}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </AmountBox>
  );
}

const AmountBox = styled.div<{ $large: boolean }>`
  ${flexColumn('2px')}
  min-width: 0;

  dt {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${({ theme, $large }) => ($large ? theme.fontSizes.xl : theme.fontSizes.md)};
    font-weight: ${theme.fontWeights.semibold};
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;
