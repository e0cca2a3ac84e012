import { Trans } from '@lingui/react/macro';
import type { AdminKycItem } from '../../../../common/contract';
import { useAdminKycList } from '../../../services/admin-queries';
import { AdminQueue, AmountCell, Stack, useQueueView, type QueueRow } from './admin-queue';
import { useKycLabels } from './kyc-labels';

/** The KYC queue: names, country and document type; the documents open on the detail. */
export default function AdminKycPage() {
  const view = useQueueView();
  const query = useAdminKycList(view);
  const labels = useKycLabels();
  const toRow = (kyc: AdminKycItem): QueueRow => ({
    what: (
      <Stack>
        <span>{[kyc.firstName, kyc.middleName, kyc.lastName].filter(Boolean).join(' ')}</span>
        <small>{labels.country(kyc.country)}</small>
      </Stack>
    ),
    amount: <AmountCell main={labels.documentType(kyc.documentType)} />,
  });
  return (
    <AdminQueue
      base="/admin/kyc"
      heading={<Trans>KYC requests</Trans>}
      view={view}
      query={query}
      headers={{ what: <Trans>Name and country</Trans>, amount: <Trans>Document</Trans> }}
      toRow={toRow}
      errorText={<Trans>The KYC requests could not be loaded.</Trans>}
    />
  );
}
