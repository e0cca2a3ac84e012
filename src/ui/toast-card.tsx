import styled, { keyframes } from 'styled-components';
import { AlertIcon, CheckIcon, InfoIcon } from './icons';
import { flexRow } from './layout';
import { theme } from './theme';
import type { ToastTone } from './toast';

/** One toast's look: its tone's icon and text. It loads with the first toast (toast.tsx). */
export default function ToastCard({ tone, text }: { tone: ToastTone; text: string }) {
  return (
    <Card $tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      <ToneIcon tone={tone} />
      <span>{text}</span>
    </Card>
  );
}

function ToneIcon({ tone }: { tone: ToastTone }) {
  if (tone === 'success') return <CheckIcon sizePx={20} />;
  if (tone === 'error') return <AlertIcon sizePx={20} />;
  return <InfoIcon sizePx={20} />;
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(-8px); }
  to { opacity: 1; transform: none; }
`;

const Card = styled.div<{ $tone: ToastTone }>`
  ${flexRow(theme.space.md)}
  padding: ${theme.space.md} ${theme.space.lg};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.borderStrong};
  box-shadow: ${theme.shadows.raised};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  animation: ${slideIn} ${theme.durations.normalMs}ms ease-out;

  svg {
    flex: none;
    color: ${({ theme, $tone }) =>
      $tone === 'success'
        ? theme.colors.success
        : $tone === 'error'
          ? theme.colors.danger
          : theme.colors.accent};
  }
`;
