import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ComponentType } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../../ui/button';
import { ShieldCheckIcon, TransferIcon, ZapIcon } from '../../ui/icons';
import { Logo, PRODUCT_NAME } from '../../ui/logo';
import { Page, cardBox } from '../../ui/page';
import { MarketSnapshot } from '../shared/market-snapshot';
import { flexColumn } from '../../ui/layout';
import { theme } from '../../ui/theme';

interface Feature {
  Icon: ComponentType<{ sizePx?: number }>;
  title: MessageDescriptor;
  text: MessageDescriptor;
}

const FEATURES: readonly Feature[] = [
  {
    Icon: TransferIcon,
    title: msg`Send USDT by Pay ID`,
    text: msg`Move money to any member in seconds, with the fee shown before you confirm.`,
  },
  {
    Icon: ZapIcon,
    title: msg`Timed trades`,
    text: msg`Call the price higher or lower over 30 seconds, 1, 3 or 5 minutes.`,
  },
  {
    Icon: ShieldCheckIcon,
    title: msg`Fair and exact`,
    text: msg`Outcomes come from recorded market prices, and every amount is exact.`,
  },
];

/** Coins shown live on the signed-out home: the first of the listed coins. */
const HOME_COINS = 5;

/** `/` for signed-out visitors: what the product is, live prices, and the way in. */
export default function HomePage() {
  const { i18n } = useLingui();
  return (
    <Page>
      <Hero>
        <Glow aria-hidden="true" />
        <Logo sizePx={72} />
        <Name>{PRODUCT_NAME}</Name>
        <Pitch>
          <Trans>Your USDT wallet for deposits, instant transfers and timed trades.</Trans>
        </Pitch>
        <Actions>
          <ButtonLink to="/signup" block>
            <Trans>Create account</Trans>
          </ButtonLink>
          <ButtonLink to="/signin" variant="secondary" block>
            <Trans>Sign in</Trans>
          </ButtonLink>
        </Actions>
      </Hero>
      <MarketSnapshot count={HOME_COINS} title={<Trans>Live prices</Trans>} />
      <Features>
        {FEATURES.map(({ Icon, title, text }) => (
          <FeatureItem key={title.id}>
            <FeatureIcon>
              <Icon sizePx={22} />
            </FeatureIcon>
            <div>
              <h2>{i18n._(title)}</h2>
              <p>{i18n._(text)}</p>
            </div>
          </FeatureItem>
        ))}
      </Features>
    </Page>
  );
}

const Hero = styled.section`
  position: relative;
  ${flexColumn(theme.space.md)}
  align-items: center;
  padding: ${theme.space.xxl} ${theme.space.sm} ${theme.space.lg};
  text-align: center;
  isolation: isolate;
`;

const Glow = styled.div`
  position: absolute;
  top: 0;
  left: 50%;
  z-index: -1;
  width: 280px;
  height: 280px;
  transform: translateX(-50%);
  border-radius: 50%;
  background: radial-gradient(
    circle,
    rgba(108, 124, 255, 0.35) 0%,
    rgba(31, 200, 227, 0.12) 45%,
    transparent 70%
  );
  filter: blur(8px);
`;

/** The product name, big; not a heading, since the header's h1 already names the page. */
const Name = styled.p`
  margin-top: ${theme.space.sm};
  font-size: ${theme.fontSizes.display};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: -0.03em;
  line-height: 1.1;
`;

const Pitch = styled.p`
  max-width: 30ch;
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.textMuted};
`;

const Actions = styled.div`
  ${flexColumn(theme.space.md)}
  width: 100%;
  margin-top: ${theme.space.lg};
`;

const Features = styled.ul`
  ${flexColumn(theme.space.md)}
`;

const FeatureItem = styled.li`
  display: flex;
  gap: ${theme.space.lg};
  ${cardBox}

  h2 {
    font-size: ${theme.fontSizes.md};
    font-weight: ${theme.fontWeights.semibold};
  }
  p {
    margin-top: ${theme.space.xxs};
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
`;

const FeatureIcon = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: ${theme.radii.md};
  background: rgba(108, 124, 255, 0.14);
  color: ${theme.colors.primaryHover};
`;
