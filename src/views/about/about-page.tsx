import { Trans } from '@lingui/react/macro';
import { CHAT_WIDGET_PAGE_PATH } from '../../../common/contract';
import { ShieldCheckIcon, WalletIcon, ZapIcon } from '../../ui/icons';
import { LockIcon, UsersIcon } from '../../ui/page-icons';
import { Logo, PRODUCT_NAME } from '../../ui/logo';
import { Page } from '../../ui/page';
import { ArticleSection, Lead, TextLink } from '../shared/article';
import styled from 'styled-components';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** About Us: what the project is and the promises it is built on. */
export default function AboutPage() {
  const product = PRODUCT_NAME;
  return (
    <Page>
      <Brand>
        <Logo sizePx={56} />
        <h2>{product}</h2>
      </Brand>
      <Lead>
        <Trans>
          {product} is an open-source, self-hostable USDT wallet and timed-trading app. Anyone can
          run their own copy, read its code and check what it does.
        </Trans>
      </Lead>

      <ArticleSection
        id="about-what"
        icon={<ZapIcon sizePx={18} />}
        title={<Trans>What you can do</Trans>}
      >
        <p>
          <Trans>
            Hold USDT, deposit and withdraw it, send it to other members by Pay ID, follow live
            crypto prices and place timed trades of 30 seconds to 5 minutes.
          </Trans>
        </p>
      </ArticleSection>

      <ArticleSection
        id="about-fair"
        icon={<ShieldCheckIcon sizePx={18} />}
        title={<Trans>Fair by construction</Trans>}
      >
        <p>
          <Trans>
            A trade&apos;s result comes only from prices the server recorded itself: the entry price
            when the trade is accepted and the exit price at expiry, each with its source and time,
            shown on the trade&apos;s receipt. No setting, screen or operator can choose or change
            an outcome.
          </Trans>
        </p>
        <p>
          <Trans>
            The <TextLink href="/fairness">fairness record</TextLink> publishes how trades were
            settled in the last 30 days and how to check your own receipts offline.
          </Trans>
        </p>
      </ArticleSection>

      <ArticleSection
        id="about-money"
        icon={<WalletIcon sizePx={18} />}
        title={<Trans>Exact money</Trans>}
      >
        <p>
          <Trans>
            Balances are exact to a millionth of a USDT and kept on a double-entry ledger: every
            movement is an entry whose parts add up to zero, so no money appears or disappears by
            rounding, and every balance can be re-derived from its history.
          </Trans>
        </p>
      </ArticleSection>

      <ArticleSection
        id="about-private"
        icon={<LockIcon sizePx={18} />}
        title={<Trans>Private by default</Trans>}
      >
        <p>
          <Trans>
            Identity documents are encrypted and shown only to you and the site&apos;s operators,
            and every operator view is recorded. The{' '}
            <TextLink href="/privacy">Privacy Portal</TextLink> says what is kept and for how long.
          </Trans>
        </p>
      </ArticleSection>

      <ArticleSection
        id="about-operator"
        icon={<UsersIcon sizePx={18} />}
        title={<Trans>Who runs this site</Trans>}
      >
        <p>
          <Trans>
            This copy is run by its operator, who reviews deposits, withdrawals and identity checks.
            For any question, the <TextLink href={CHAT_WIDGET_PAGE_PATH}>Help Center</TextLink> is
            the place to start.
          </Trans>
        </p>
      </ArticleSection>
    </Page>
  );
}

const Brand = styled.div`
  ${flexColumn(theme.space.sm)}
  align-items: center;
  padding-top: ${theme.space.md};

  h2 {
    font-size: ${theme.fontSizes.xxl};
  }
`;
