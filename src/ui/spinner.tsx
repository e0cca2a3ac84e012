import { useLingui } from '@lingui/react/macro';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $sizePx: number; $current: boolean }>`
  display: inline-block;
  flex: none;
  width: ${({ $sizePx }) => $sizePx}px;
  height: ${({ $sizePx }) => $sizePx}px;
  border-radius: 50%;
  border: ${({ $sizePx }) => ($sizePx > 24 ? 3 : 2)}px solid
    ${({ theme, $current }) => ($current ? 'rgba(255, 255, 255, 0.25)' : theme.colors.border)};
  border-top-color: ${({ theme, $current }) => ($current ? 'currentColor' : theme.colors.primary)};
  animation: ${spin} 0.8s linear infinite;
`;

/**
 * An accessible busy indicator. `label` overrides the default "Loading..." name;
 * `current` draws it in the text color for use inside buttons, where it is decorative
 * (the button carries `aria-busy`, and its name must stay its label).
 */
export function Spinner({
  sizePx = 28,
  label,
  current = false,
}: {
  sizePx?: number;
  label?: string;
  current?: boolean;
}) {
  const { t } = useLingui();
  if (current) return <Ring $sizePx={sizePx} $current aria-hidden="true" />;
  return (
    <Ring $sizePx={sizePx} $current={false} role="status" aria-label={label ?? t`Loading...`} />
  );
}

const Center = styled.div`
  display: grid;
  place-items: center;
  min-height: 40vh;
`;

/** A spinner centered in the page area, for whole-screen loading. */
export function PageSpinner() {
  return (
    <Center>
      <Spinner sizePx={36} />
    </Center>
  );
}
