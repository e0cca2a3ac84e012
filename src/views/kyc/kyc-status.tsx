import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { Kyc, User } from '../../../common/contract';
import { kycDetailsKey, useKycDetails } from '../../services/kyc-queries';
import { queryKeys } from '../../services/queries';
import { ButtonLink } from '../../ui/button';
import { AlertIcon, ShieldCheckIcon } from '../../ui/icons';
import { Detail, DetailList } from '../../ui/list';
import { formatWireAmount } from '../../ui/money';
import { captionedFigure, Card, Muted, toneColors, type Tone } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { LoadError } from '../shared/load-error';
import { ContentSkeleton } from '../shared/skeletons';
import { countryName, documentTypeLabels, employmentLabels, labelOf } from '../shared/kyc-labels';
import { iconDisc } from '../../ui/layout';
import { theme } from '../../ui/theme';
import { useLoadView } from '../../services/load-view';

/**
 * The verification status (docs/product.md §2 /kyc/log), refreshed every 10 s: verified with the full
 * name, the pending request with its details and both ID images, or the rejection with its
 * reason and a way to send a new request.
 */
export function KycStatusView({ user }: { user: User }) {
  const details = useKycDetails();
  const detailsView = useLoadView(details);
  const kyc = details.data;
  useUserFollowsRequest(user, kyc ?? null);

  if (kyc?.status === 'Completed' || (user.isVerified && kyc?.status !== 'Pending')) {
    return <Verified name={kyc ? fullNameOf(kyc) : user.fullName} />;
  }
  if (kyc === undefined) {
    if (detailsView.failed) {
      return (
        <LoadError onRetry={detailsView.retry} busy={detailsView.busy}>
          <Trans>Error fetching KYC details. Please try again.</Trans>
        </LoadError>
      );
    }
    return <ContentSkeleton rows={6} />;
  }
  if (kyc === null) return <NotSent />;
  if (kyc.status === 'Rejected') return <RejectedRequest kyc={kyc} />;
  return <PendingRequest kyc={kyc} />;
}

/**
 * The user's flags (drawer badge, which page /kyc/submit-form shows) come from the user
 * query; when the polled request says it was decided, the user is fetched again.
 */
function useUserFollowsRequest(user: User, kyc: Kyc | null) {
  const queryClient = useQueryClient();
  const stale =
    kyc !== null &&
    ((kyc.status === 'Completed' && !user.isVerified) ||
      (kyc.status !== 'Pending' && user.isVerificationPending));
  useEffect(() => {
    if (stale) void queryClient.invalidateQueries({ queryKey: queryKeys.user });
  }, [stale, queryClient]);
}

export function fullNameOf(kyc: Pick<Kyc, 'firstName' | 'middleName' | 'lastName'>): string {
  return [kyc.firstName, kyc.middleName, kyc.lastName].filter(Boolean).join(' ');
}

function Verified({ name }: { name: string }) {
  return (
    <StatusCard>
      <Icon $tone="success">
        <ShieldCheckIcon sizePx={32} />
      </Icon>
      <h2>{name}</h2>
      <Muted>
        <Trans>Your account has been verified successfully!</Trans>
      </Muted>
    </StatusCard>
  );
}

function NotSent() {
  return (
    <StatusCard>
      <Icon $tone="neutral">
        <ShieldCheckIcon sizePx={32} />
      </Icon>
      <h2>
        <Trans>Not verified yet</Trans>
      </h2>
      <Muted>
        <Trans>You have not sent a verification request.</Trans>
      </Muted>
      <ButtonLink to="/kyc/submit-form">
        <Trans>Verify Now</Trans>
      </ButtonLink>
    </StatusCard>
  );
}

function RejectedRequest({ kyc }: { kyc: Kyc }) {
  const queryClient = useQueryClient();
  const reason = kyc.reason;
  return (
    <StatusCard>
      <Icon $tone="danger">
        <AlertIcon sizePx={32} />
      </Icon>
      <h2>
        <Trans>KYC Request Rejected</Trans>
      </h2>
      {reason ? (
        <Reason>
          <Trans>Reason: {reason}</Trans>
        </Reason>
      ) : (
        <Muted>
          <Trans>Your documents could not be verified.</Trans>
        </Muted>
      )}
      <ButtonLink
        to="/kyc/submit-form"
        onClick={() => void queryClient.invalidateQueries({ queryKey: kycDetailsKey })}
      >
        <Trans>Submit again</Trans>
      </ButtonLink>
    </StatusCard>
  );
}

function PendingRequest({ kyc }: { kyc: Kyc }) {
  const { i18n, t } = useLingui();
  const dateOfBirth = i18n.date(`${kyc.dateOfBirth}T00:00:00Z`, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  const address = [
    kyc.street,
    kyc.city,
    `${kyc.state} ${kyc.postalCode}`,
    countryName(i18n.locale, kyc.country),
  ].join(', ');
  return (
    <>
      <StatusCard aria-live="polite">
        <Icon $tone="warning">
          <Spinner sizePx={32} current />
        </Icon>
        <h2>
          <Trans>KYC Request Pending</Trans>
        </h2>
        <Muted>
          <Trans>We are checking your documents. This usually takes less than a day.</Trans>
        </Muted>
      </StatusCard>
      <DetailList>
        <Detail label={<Trans>Name</Trans>}>{fullNameOf(kyc)}</Detail>
        <Detail label={<Trans>Date of Birth</Trans>}>
          <time dateTime={kyc.dateOfBirth}>{dateOfBirth}</time>
        </Detail>
        <Detail label={<Trans>Address</Trans>}>{address}</Detail>
        <Detail label={<Trans>Employment</Trans>}>
          {labelOf(i18n, employmentLabels, kyc.employmentStatus)}
        </Detail>
        <Detail label={<Trans>Annual income</Trans>}>
          {formatWireAmount(kyc.annualIncome, 2)}
        </Detail>
        <Detail label={<Trans>Document type</Trans>}>
          {labelOf(i18n, documentTypeLabels, kyc.documentType)}
        </Detail>
      </DetailList>
      <Images>
        <KycImage url={kyc.idFront} caption={t`ID front`} />
        <KycImage url={kyc.idBack} caption={t`ID back`} />
      </Images>
    </>
  );
}

/**
 * A document image. Its URL is a short-lived signed link renewed by every poll: the image
 * keeps the link it loaded with, so it does not download again every 10 s, and takes the
 * newest one only if that link fails (it expired).
 */
function KycImage({ url, caption }: { url: string; caption: string }) {
  const [pinned, setPinned] = useState(url);
  return (
    <figure>
      <figcaption>{caption}</figcaption>
      <img
        src={pinned}
        alt={caption}
        onError={() => {
          if (url !== pinned) setPinned(url);
        }}
      />
    </figure>
  );
}

const StatusCard = styled(Card)`
  align-items: center;
  padding: ${theme.space.xxl} ${theme.space.lg};
  text-align: center;

  h2 {
    font-size: ${theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }
`;

const Icon = styled.span<{ $tone: Tone }>`
  ${iconDisc(64)}
  ${toneColors}
`;

const Reason = styled.p`
  max-width: 100%;
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.dangerSoft};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Images = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.md};

  figure {
    ${captionedFigure(theme.space.xs)}
  }
  img {
    width: 100%;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    border-radius: ${theme.radii.md};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.surfaceRaised};
  }
`;
