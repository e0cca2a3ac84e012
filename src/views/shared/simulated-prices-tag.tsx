import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { useAppConfig } from '../../services/queries';
import { InfoIcon } from '../../ui/icons';
import { theme } from '../../ui/theme';

/**
 * "Simulated prices": shown wherever prices are when the server simulates them
 * (`market.simulated` in GET /api/config), and nothing otherwise. The header hangs it below
 * its bar on every screen with prices (`placement="header"`: out of the flow, so its arrival
 * moves nothing); dialogs that show prices put it in their text.
 */
export function SimulatedPricesTag({ placement = 'inline' }: { placement?: 'inline' | 'header' }) {
  const config = useAppConfig();
  if (config.data?.market.simulated !== true) return null;
  return (
    <Tag $placement={placement} data-testid="simulated-prices">
      <InfoIcon sizePx={14} />
      <Trans>Simulated prices</Trans>
    </Tag>
  );
}

/**
 * Opaque, so it stays legible over the page as it scrolls under the header; warning colours
 * on the raised surface are above 8:1.
 */
const Tag = styled.p<{ $placement: 'inline' | 'header' }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  width: fit-content;
  padding: ${theme.space.xxs} ${theme.space.sm};
  border: 1px solid ${theme.colors.warning};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.warning};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  line-height: 1.4;
  white-space: nowrap;

  svg {
    flex: none;
  }

  ${({ $placement }) =>
    $placement === 'header'
      ? `
    position: absolute;
    top: 100%;
    left: 50%;
    transform: translate(-50%, -50%);
    pointer-events: none;
  `
      : ''}
`;
