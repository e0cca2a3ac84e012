import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { useSiteSetting } from '../../services/queries';
import { ChatIcon } from '../../ui/icons';
import { List } from '../../ui/list';
import { EmptyState, Muted, Page, Section, SectionTitle } from '../../ui/page';
import { PageSpinner } from '../../ui/spinner';
import { hasSupportLinks, SupportLinks } from './support-links';

/** 'Need Help?' and the support channels; shared by /helpline and /contact. */
export function HelpContent() {
  const setting = useSiteSetting();
  return (
    <Page>
      <Hero>
        <IconBox aria-hidden="true">
          <ChatIcon sizePx={28} />
        </IconBox>
        <h2>
          <Trans>Need Help?</Trans>
        </h2>
        <Muted>
          <Trans>
            Our support team answers questions about deposits, withdrawals, transfers and
            verification.
          </Trans>
        </Muted>
      </Hero>
      <Section aria-labelledby="channels-title">
        <SectionTitle id="channels-title">
          <Trans>Contact support</Trans>
        </SectionTitle>
        {setting.isPending ? (
          <PageSpinner />
        ) : hasSupportLinks(setting.data) ? (
          <List>
            <SupportLinks setting={setting.data} />
          </List>
        ) : (
          <EmptyState title={<Trans>No support channels are available right now.</Trans>} />
        )}
      </Section>
    </Page>
  );
}

const Hero = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.lg};
  text-align: center;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
`;

const IconBox = styled.span`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradients.brand};
`;
