import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { useSiteSetting } from '../../services/queries';
import { ChatIcon } from '../../ui/page-icons';
import { List } from '../../ui/list';
import { EmptyState, ErrorMessage, Muted, Page, Section, TitledSection } from '../../ui/page';
import { PageSpinner } from '../../ui/spinner';
import { LoadError } from '../shared/load-error';
import { LoadingRegion } from '../shared/skeletons';
import type { ChatWidgetStatus } from './chat-widget';
import { hasSupportLinks, SupportLinks, SupportLinksSkeleton } from '../shared/support-links';
import { flexColumn, iconDisc } from '../../ui/layout';
import { theme } from '../../ui/theme';
import { useLoadView } from '../../services/load-view';

/**
 * 'Need Help?' and how to reach support: the live-chat widget when the help page runs one
 * (`chat`), otherwise the support channels of the site settings. Shared by /helpline and
 * /contact (which never loads the widget).
 */
export function HelpContent({ chat = 'off' }: { chat?: ChatWidgetStatus }) {
  const setting = useSiteSetting();
  const settingView = useLoadView(setting);
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
      {chat === 'loading' && (
        <Section aria-live="polite">
          <PageSpinner />
          <Muted>
            <Trans>Opening the live chat…</Trans>
          </Muted>
        </Section>
      )}
      {chat === 'ready' && (
        <ChatNote role="status">
          <Trans>
            The live chat is open on this page: use the chat button in the corner of the screen.
          </Trans>
        </ChatNote>
      )}
      {chat === 'failed' && (
        <ErrorMessage>
          <Trans>The live chat could not be loaded. Please use one of the channels below.</Trans>
        </ErrorMessage>
      )}
      {(chat === 'off' || chat === 'failed') && (
        <TitledSection titleId="channels-title" title={<Trans>Contact support</Trans>}>
          {settingView.failed && !setting.data ? (
            <LoadError onRetry={settingView.retry} busy={settingView.busy}>
              <Trans>Could not load the support channels.</Trans>
            </LoadError>
          ) : setting.isPending ? (
            <LoadingRegion>
              <List aria-hidden="true">
                <SupportLinksSkeleton />
              </List>
            </LoadingRegion>
          ) : hasSupportLinks(setting.data) ? (
            <List>
              <SupportLinks setting={setting.data} />
            </List>
          ) : (
            <EmptyState title={<Trans>No support channels are available right now.</Trans>} />
          )}
        </TitledSection>
      )}
    </Page>
  );
}

const Hero = styled.section`
  ${flexColumn(theme.space.sm)}
  align-items: center;
  padding-top: ${theme.space.lg};
  text-align: center;

  h2 {
    font-size: ${theme.fontSizes.xxl};
  }
`;

const IconBox = styled.span`
  ${iconDisc(64)}
  background: ${theme.gradients.brand};
`;

const ChatNote = styled.p`
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  text-align: center;
`;
