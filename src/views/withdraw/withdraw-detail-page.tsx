import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { NotFoundRecord } from '../shared/not-found-record';

export default function WithdrawDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <NotFoundRecord
      id={id}
      backTo="/withdraw/log"
      backLabel={<Trans>Show Other Transactions</Trans>}
    />
  );
}
