import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { ButtonLink } from '../../ui/button';
import { Muted, Page } from '../../ui/page';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

export default function NotFoundPage() {
  return (
    <Page>
      <Box>
        <Code aria-hidden="true">404</Code>
        <Muted>
          <Trans>The page you are looking for does not exist or has moved.</Trans>
        </Muted>
      </Box>
      <ButtonLink to="/" block>
        <Trans>Go to Home</Trans>
      </ButtonLink>
    </Page>
  );
}

const Box = styled.div`
  ${flexColumn(theme.space.sm)}
  align-items: center;
  padding-top: ${theme.space.xxxl};
  text-align: center;
`;

const Code = styled.p`
  font-size: 4rem;
  font-weight: ${theme.fontWeights.bold};
  line-height: 1;
  background: ${theme.gradients.brand};
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`;
