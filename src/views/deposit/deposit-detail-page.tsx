import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import { NotFoundRecord } from '../shared/not-found-record';

export default function DepositDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <NotFoundRecord
      id={id}
      backTo="/deposit/log"
      backLabel={<Trans>Show Other Transactions</Trans>}
    />
  );
}
