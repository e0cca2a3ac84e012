import { useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import { CHAT_WIDGET_PAGE_PATH } from '../../../common/contract/settings';
import { useSiteSetting } from '../../services/queries';
import { IconButton, IconLink } from '../../ui/button';
import { BackIcon, SupportIcon } from '../../ui/icons';
import { Logo, PRODUCT_NAME } from '../../ui/logo';
import { isChatWidgetPath, primarySupportLink } from '../../views/help/support-target';
import { SimulatedPricesTag } from '../../views/shared/simulated-prices-tag';
import { preloadable } from '../preloadable';
import type { RouteDef } from '../route-table';
import { canGoBackInApp } from './history-depth';
import { LanguagePicker } from './language-picker';
import { DRAWER_ID, loadDrawer, useShell } from './shell-context';
import { flexRow, PAGE_MAX_WIDTH_VAR } from '../../ui/layout';
import { theme } from '../../ui/theme';

const Bar = styled.header`
  position: sticky;
  /* Below the read-only view banner, in the one tab that has it (view-as-banner.tsx). */
  top: var(--view-as-banner-height, 0px);
  z-index: ${theme.zIndices.header};
  padding-top: env(safe-area-inset-top, 0px);
  background: rgba(11, 14, 20, 0.86);
  backdrop-filter: saturate(1.4) blur(12px);
  border-bottom: 1px solid ${theme.colors.border};
`;

/** `$wide`: the admin console, whose pages use a wider column on a desktop screen. */
const Inner = styled.div<{ $wide: boolean }>`
  /* The simulated-prices tag hangs from its bottom edge. */
  position: relative;
  ${flexRow(theme.space.xs)}
  height: ${theme.sizes.headerHeightPx}px;
  max-width: ${theme.sizes.contentMaxWidthPx}px;
  margin: 0 auto;
  padding: 0 ${theme.space.sm};

  /* As wide as the content column, which a desktop screen widens (ui/layout.ts). */
  @media (min-width: 600px) {
    max-width: ${({ theme, $wide }) =>
      $wide
        ? `${theme.sizes.consoleMaxWidthPx}px`
        : `var(${PAGE_MAX_WIDTH_VAR}, ${theme.sizes.contentMaxWidthPx}px)`};
    padding: 0 ${({ theme, $wide }) => ($wide ? theme.space.lg : theme.space.sm)};
  }
`;

/**
 * A title too long for one line (German and Spanish ones, beside the tools) takes a second
 * line instead of being cut: two lines fit the header's height.
 */
const Title = styled.h1`
  flex: 1;
  min-width: 0;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  overflow: hidden;
  line-height: 1.2;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.semibold};
`;

const BrandTitle = styled(Title)`
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: -0.01em;
`;

const StaticLogo = styled.span`
  display: grid;
  place-items: center;
  width: ${theme.sizes.touchPx}px;
  height: ${theme.sizes.touchPx}px;
`;

const End = styled.div`
  ${flexRow(theme.space.xxs)}
  flex: none;
`;

const SupportLink = styled(IconLink)`
  color: ${theme.colors.textMuted};
`;

/** The size of the support button (`SupportLink`). */
const ToolSpace = styled.span`
  flex: none;
  width: ${theme.sizes.touchPx}px;
  height: ${theme.sizes.touchPx}px;
`;

/**
 * The balance pill of a signed-in user's screens (header-balance.tsx): main.tsx loads it
 * beside the page's code where the page shows it, so a visitor's first load never carries it.
 */
export const HeaderBalance = preloadable(() => import('./header-balance'));

export function Header({ route }: { route: RouteDef }) {
  const { i18n } = useLingui();
  const title = i18n._(route.title);
  return (
    <Bar>
      <Inner $wide={route.access === 'admin'}>
        {route.header === 'tab' && <MenuButton />}
        {route.header === 'tab' && <BrandTitle>{PRODUCT_NAME}</BrandTitle>}
        {route.header === 'brand' && (
          <StaticLogo>
            <Logo sizePx={32} />
          </StaticLogo>
        )}
        {route.header === 'back' && <BackButton parent={route.parent} />}
        {route.header !== 'tab' && <Title>{title}</Title>}
        <End>
          {route.headerEnd === 'balance' ? (
            <Suspense fallback={null}>
              <HeaderBalance />
            </Suspense>
          ) : (
            <Tools />
          )}
        </End>
        {route.showsPrices && <SimulatedPricesTag placement="header" />}
      </Inner>
    </Bar>
  );
}

const preloadDrawer = () => void loadDrawer();

function MenuButton() {
  const { t } = useLingui();
  const { openDrawer, drawerOpen } = useShell();
  return (
    <IconButton
      type="button"
      aria-label={t`Open menu`}
      aria-haspopup="dialog"
      aria-expanded={drawerOpen}
      aria-controls={DRAWER_ID}
      onPointerEnter={preloadDrawer}
      onPointerDown={preloadDrawer}
      onFocus={preloadDrawer}
      onClick={openDrawer}
    >
      <Logo sizePx={32} />
    </IconButton>
  );
}

function BackButton({ parent }: { parent: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  return (
    <IconButton
      type="button"
      aria-label={t`Back`}
      onClick={() => {
        if (canGoBackInApp()) history.back();
        else navigate(parent, { replace: true });
      }}
    >
      <BackIcon />
    </IconButton>
  );
}

/**
 * The customer-support button (docs/product.md §2) opens the chat link the site settings give
 * (WhatsApp, else Telegram, else email) in a new tab; then the language picker. It is there
 * from the first frame: until the settings name a link (while they load, when they cannot
 * be had, or when none is set) it opens the help page, whose live chat and channels are
 * support too. On the help page itself it would lead nowhere, so only its room is kept
 * there, and nothing moves when a chat link arrives.
 */
function Tools() {
  const { t } = useLingui();
  const [location] = useLocation();
  const chatUrl = primarySupportLink(useSiteSetting().data);
  const label = t`Customer support`;
  return (
    <>
      {chatUrl ? (
        <SupportLink
          href={chatUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={label}
          title={label}
        >
          <SupportIcon sizePx={22} />
        </SupportLink>
      ) : isChatWidgetPath(location) ? (
        <ToolSpace aria-hidden="true" />
      ) : (
        <Link href={CHAT_WIDGET_PAGE_PATH} asChild>
          <SupportLink aria-label={label} title={label}>
            <SupportIcon sizePx={22} />
          </SupportLink>
        </Link>
      )}
      <LanguagePicker />
    </>
  );
}
