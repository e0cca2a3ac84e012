import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Spinner } from '../../ui/spinner';

/** SPEC §2's 'Loading...' with a spinner, for lists that are on their way. */
export function LoadingText() {
  return (
    <Box role="status">
      <Spinner sizePx={20} current />
      <Trans>Loading...</Trans>
    </Box>
  );
}

const Box = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
`;
