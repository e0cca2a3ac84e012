import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useParams } from 'wouter';
import type { AdminKycResponse } from '../../../../common/contract';
import { useAdminKyc, useDecideKyc } from '../../../services/admin-queries';
import { ButtonLink } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { Detail, DetailList } from '../../../ui/list';
import { formatWireAmount } from '../../../ui/money';
import { Muted } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import { StatusText } from '../../shared/request-status';
import { AdminDetailPending } from '../console/admin-detail';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, DetailColumns } from '../console/admin-ui';
import { DocumentImage } from './queue-ui';
import { DecisionPanel } from './decision-panel';
import { useKycLabels } from './kyc-labels';
import { theme } from '../../../ui/theme';

/** One KYC request with its three documents; opening it is recorded in the audit log. */
export default function AdminKycDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const query = useAdminKyc(id);
  if (query.data) return <KycDetail data={query.data} />;
  return (
    <AdminDetailPending
      query={query}
      backTo="/admin/kyc"
      errorText={<Trans>The KYC request could not be loaded.</Trans>}
    />
  );
}

function KycDetail({ data: { kyc, user } }: { data: AdminKycResponse }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const toast = useToast();
  const labels = useKycLabels();
  const decide = useDecideKyc(kyc._id);
  const name = [kyc.firstName, kyc.middleName, kyc.lastName].filter(Boolean).join(' ');
  const who = user.username;
  return (
    <AdminPage>
      <AdminNav />
      <DetailColumns>
        <div>
          <DetailList>
            <Detail label={<Trans>User</Trans>}>
              <Stacked>
                <strong>{user.username}</strong>
                <small>{user.email}</small>
                {user.fullName && <small>{user.fullName}</small>}
              </Stacked>
            </Detail>
            <Detail label={<Trans>Status</Trans>}>
              <StatusText status={kyc.status} />
            </Detail>
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
            <Detail label={<Trans>Employment</Trans>}>
              {labels.employment(kyc.employmentStatus)}
            </Detail>
            <Detail label={<Trans>Annual income</Trans>}>
              {formatWireAmount(kyc.annualIncome)}
            </Detail>
            <Detail label={<Trans>Document</Trans>}>{labels.documentType(kyc.documentType)}</Detail>
            <Detail label={<Trans>Submitted</Trans>}>{dateTime(kyc.createdAt)}</Detail>
            {kyc.decidedAt && (
              <Detail label={<Trans>Decided</Trans>}>{dateTime(kyc.decidedAt)}</Detail>
            )}
            {kyc.reason && <Detail label={<Trans>Reason</Trans>}>{kyc.reason}</Detail>}
          </DetailList>
          <Muted>
            <Trans>Opening this request is recorded in the audit log.</Trans>
          </Muted>
        </div>
        <div>
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
          <ButtonLink to="/admin/kyc" variant="secondary">
            <Trans>Back to the KYC requests</Trans>
          </ButtonLink>
        </div>
      </DetailColumns>
    </AdminPage>
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
