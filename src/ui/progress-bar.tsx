import styled from 'styled-components';
import { theme } from './theme';

/** A determinate progress bar (0–100), named by `label` for assistive technology. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <Fill style={{ width: `${value}%` }} />
    </Track>
  );
}

const Track = styled.div`
  height: 6px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceRaised};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: ${theme.gradients.brand};
  transition: width ${theme.durations.normalMs}ms ease;
`;
