import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { KYC_STEPS } from '../../machines/kyc-form';
import { CheckIcon } from '../../ui/icons';
import { iconDisc } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** The five steps above the form: done ones ticked, the current one marked. */
export function KycStepper({ stepIndex }: { stepIndex: number }) {
  const { i18n, t } = useLingui();
  return (
    <Stepper aria-label={t`Steps`}>
      {KYC_STEPS.map((item, index) => (
        <StepDot
          key={item.id}
          $state={index < stepIndex ? 'done' : index === stepIndex ? 'current' : 'todo'}
          aria-current={index === stepIndex ? 'step' : undefined}
        >
          <span aria-hidden="true">
            {index < stepIndex ? <CheckIcon sizePx={14} /> : index + 1}
          </span>
          <StepName>{i18n._(item.title)}</StepName>
        </StepDot>
      ))}
    </Stepper>
  );
}

const Stepper = styled.ol`
  display: grid;
  /* Equal columns whatever the names: a long one (German) wraps in its own column. */
  grid-template-columns: repeat(5, minmax(0, 1fr));
  gap: ${theme.space.xs};
  position: relative;
`;

const StepName = styled.span`
  font-size: 0.6875rem;
  line-height: 1.2;
  text-align: center;
`;

const StepDot = styled.li<{ $state: 'done' | 'current' | 'todo' }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.xs};
  color: ${({ theme, $state }) =>
    $state === 'todo'
      ? theme.colors.textFaint
      : $state === 'current'
        ? theme.colors.text
        : theme.colors.textMuted};
  font-weight: ${({ theme, $state }) =>
    $state === 'current' ? theme.fontWeights.semibold : theme.fontWeights.regular};

  > span:first-child {
    ${iconDisc(28)}
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.bold};
    color: ${({ theme, $state }) =>
      $state === 'todo'
        ? theme.colors.textMuted
        : $state === 'done'
          ? theme.colors.textOnSignal
          : theme.colors.primaryText};
    background: ${({ theme, $state }) =>
      $state === 'done'
        ? theme.colors.success
        : $state === 'current'
          ? theme.colors.primary
          : theme.colors.surfaceRaised};
    border: 1px solid
      ${({ theme, $state }) => ($state === 'todo' ? theme.colors.border : 'transparent')};
  }
`;
