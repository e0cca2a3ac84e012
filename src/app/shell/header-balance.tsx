import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { useSession } from '../../machines/auth-session';
import { useUser } from '../../services/queries';
import { useTradeAccount } from '../../services/trade-account';
import { WalletIcon } from '../../ui/icons';
import { formatWireAmount } from '../../ui/money';
import { Figure } from '../../ui/page';
import { SkeletonText } from '../../ui/skeleton';
import { theme } from '../../ui/theme';
import { VisuallyHidden } from '../../ui/visually-hidden';

/*
 * The header's balance, on a signed-in user's screens only: a visitor's first load does not
 * carry it. main.tsx loads it beside the page's code when the page shows it, so the first
 * screen has it (header.tsx).
 */

/** The screens whose Real / Practice switch also switches the header's balance. */
const PRACTICE_PATHS = /^\/(trade|orders|order)(\/|$)/;

export default function HeaderBalance() {
  const { t } = useLingui();
  const session = useSession();
  const user = useUser({ enabled: session.role === 'user' });
  const account = useTradeAccount();
  const [location] = useLocation();
  if (!user.data && !user.isLoading) return null;
  // While Practice is on, the trading screens show the practice balance, labelled and amber.
  const practice = account === 'practice' && PRACTICE_PATHS.test(location);
  const wire = practice ? user.data?.practiceBalance : user.data?.balance;
  return (
    <BalancePill
      aria-busy={!user.data || undefined}
      $practice={practice}
      data-testid="header-balance"
    >
      {/* The label takes the icon's place, so the brand beside it keeps its room. */}
      {!practice && <WalletIcon sizePx={16} />}
      {practice ? (
        <PracticeTag>{t`Practice`}</PracticeTag>
      ) : (
        <VisuallyHidden>{t`Balance`}</VisuallyHidden>
      )}
      <Figure>
        {wire !== undefined ? `$${formatWireAmount(wire, 2)}` : <SkeletonText $widthEm={4} />}
      </Figure>
    </BalancePill>
  );
}

const PracticeTag = styled.span`
  color: ${theme.colors.warning};
  font-size: ${theme.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const BalancePill = styled.p<{ $practice?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  height: 36px;
  margin-right: ${theme.space.xs};
  padding: 0 ${theme.space.md};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  border: 1px solid ${({ $practice }) => ($practice ? theme.colors.warning : theme.colors.border)};
  font-weight: ${theme.fontWeights.semibold};
  font-size: ${theme.fontSizes.sm};

  svg {
    color: ${theme.colors.accent};
  }
`;
