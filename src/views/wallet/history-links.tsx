import { Trans } from '@lingui/react/macro';
import { HistoryIcon } from '../../ui/page-icons';
import { List, ListLink } from '../../ui/list';
import { TitledSection } from '../../ui/page';

/** The three request histories (deposits, withdrawals, transfers), on the home and the wallet. */
export function HistoryLinks({ titleId }: { titleId: string }) {
  return (
    <TitledSection titleId={titleId} title={<Trans>History</Trans>}>
      <List>
        <ListLink to="/deposit/log" icon={<HistoryIcon sizePx={20} />}>
          <Trans>Deposit History</Trans>
        </ListLink>
        <ListLink to="/withdraw/log" icon={<HistoryIcon sizePx={20} />}>
          <Trans>Withdraw History</Trans>
        </ListLink>
        <ListLink to="/transfer/log" icon={<HistoryIcon sizePx={20} />}>
          <Trans>Transfer History</Trans>
        </ListLink>
      </List>
    </TitledSection>
  );
}
