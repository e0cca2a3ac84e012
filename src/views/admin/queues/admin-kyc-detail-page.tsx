import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { AdminKycResponse } from '../../../../common/contract';
import { useAdminKyc, useDecideKyc } from '../../../services/admin-queries';
import { useDateTime } from '../../../ui/date-time';
import { Detail } from '../../../ui/list';
import { formatWireAmount } from '../../../ui/money';
import { Muted } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import { recordPage } from '../console/admin-detail';
import { DecidedDetail, DocumentImage, RequestPage } from './queue-ui';
import { DecisionPanel } from './decision-panel';
import { useKycLabels } from './kyc-labels';
import { theme } from '../../../ui/theme';

/** One KYC request with its three documents; opening it is recorded in the audit log. */
export default recordPage(useAdminKyc, KycDetail, {
  backTo: '/admin/kyc',
  errorText: msg`The KYC request could not be loaded.`,
});

function KycDetail({ record: { kyc, user } }: { record: AdminKycResponse }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const toast = useToast();
  const labels = useKycLabels();
  const decide = useDecideKyc(kyc._id);
  const name = [kyc.firstName, kyc.middleName, kyc.lastName].filter(Boolean).join(' ');
  const who = user.username;
  return (
    <RequestPage
      user={
        <Stacked>
          <strong>{user.username}</strong>
          <small>{user.email}</small>
          {user.fullName && <small>{user.fullName}</small>}
        </Stacked>
      }
      status={kyc.status}
      note={
        <Muted>
          <Trans>Opening this request is recorded in the audit log.</Trans>
        </Muted>
      }
      backTo="/admin/kyc"
      backLabel={<Trans>Back to the KYC requests</Trans>}
      aside={
        <>
          <Documents>
            <DocumentImage src={kyc.idFront} label={t`Document front`} />
            <DocumentImage src={kyc.idBack} label={t`Document back`} />
            <DocumentImage src={kyc.cameraRoll} label={t`Face photo`} />
          </Documents>
          <DecisionPanel
            pending={kyc.status === 'Pending'}
            approveLabel={<Trans>Approve</Trans>}
            approveTitle={<Trans>Approve this KYC request?</Trans>}
            rejectTitle={<Trans>Reject this KYC request?</Trans>}
            summary={
              <p>
                {name} ({who}) · {labels.documentType(kyc.documentType)}
              </p>
            }
            busy={decide.isPending}
            error={decide.error}
            onApprove={async () => {
              await decide.mutateAsync({ status: 'Completed' });
              toast({ tone: 'success', text: t`KYC request approved. The user is verified.` });
            }}
            onReject={async (reason) => {
              await decide.mutateAsync({ status: 'Rejected', reason });
              toast({ tone: 'success', text: t`KYC request rejected.` });
            }}
          />
        </>
      }
    >
      <Detail label={<Trans>Name</Trans>}>{name}</Detail>
      <Detail label={<Trans>Date of birth</Trans>}>{kyc.dateOfBirth}</Detail>
      <Detail label={<Trans>Address</Trans>}>
        <Stacked>
          <span>{kyc.street}</span>
          <span>
            {kyc.postalCode} {kyc.city}
            {kyc.state && `, ${kyc.state}`}
          </span>
          <span>{labels.country(kyc.country)}</span>
        </Stacked>
      </Detail>
      <Detail label={<Trans>Employment</Trans>}>{labels.employment(kyc.employmentStatus)}</Detail>
      <Detail label={<Trans>Annual income</Trans>}>{formatWireAmount(kyc.annualIncome)}</Detail>
      <Detail label={<Trans>Document</Trans>}>{labels.documentType(kyc.documentType)}</Detail>
      <Detail label={<Trans>Submitted</Trans>}>{dateTime(kyc.createdAt)}</Detail>
      <DecidedDetail at={kyc.decidedAt} />
      {kyc.reason && <Detail label={<Trans>Reason</Trans>}>{kyc.reason}</Detail>}
    </RequestPage>
  );
}

const Stacked = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-end;

  small {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.xs};
  }
`;

const Documents = styled.div`
  display: grid;
  gap: ${theme.space.md};

  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
`;
