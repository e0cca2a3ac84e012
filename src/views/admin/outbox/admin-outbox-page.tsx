import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import type { MailStatus, OutboxMail } from '../../../../common/contract';
import { useAdminOutbox, useResendMail } from '../../../services/admin-queries';
import { useLoadView } from '../../../services/load-view';
import { describeAdminError } from '../../../services/error-messages';
import { translate } from '../../../services/messages';
import { Button } from '../../../ui/button';
import { useDateTime } from '../../../ui/date-time';
import { MailIcon } from '../../../ui/page-icons';
import { Badge, EmptyState, ErrorMessage, Muted, type Tone } from '../../../ui/page';
import { theme } from '../../../ui/theme';
import { LoadError } from '../../shared/load-error';
import { AdminNav } from '../console/admin-nav';
import {
  AdminPage,
  FactLine,
  Mono,
  PageHeading,
  RowList,
  RowListSkeleton,
  StackedRow,
  TitleRow,
} from '../console/admin-ui';
import { ListPager } from '../console/list-parts';
import { pagedHref, pageFromSearch } from '../console/paging';

/** The highest page the address may ask for. */
const MAX_PAGE = 100_000;

const STATUS_LABELS: Record<MailStatus, MessageDescriptor> = {
  pending: msg`Waiting`,
  sending: msg`Sending`,
  sent: msg`Sent`,
  failed: msg`Failed`,
};

const STATUS_TONES: Record<MailStatus, Tone> = {
  pending: 'neutral',
  sending: 'warning',
  sent: 'success',
  failed: 'danger',
};

const KIND_LABELS: Record<string, MessageDescriptor | undefined> = {
  verify_email: msg`Email confirmation`,
  reset_password: msg`Password reset`,
  password_changed: msg`Password changed`,
  deposit_credited: msg`Deposit credited`,
  withdrawal_approved: msg`Withdrawal sent`,
  withdrawal_rejected: msg`Withdrawal rejected`,
  transfer_received: msg`Transfer received`,
  kyc_approved: msg`KYC approved`,
  kyc_rejected: msg`KYC rejected`,
  two_factor_enabled: msg`Two-factor turned on`,
  two_factor_disabled: msg`Two-factor turned off`,
  new_device_sign_in: msg`New device sign-in`,
};

/**
 * The mail outbox: every mail, newest first, with its status, attempts and last error. A
 * failed mail (its attempts used up) can be sent again; that is audited (`mail.resent`).
 */
export default function AdminOutboxPage() {
  const search = useSearch();
  const page = pageFromSearch(new URLSearchParams(search), MAX_PAGE);
  const query = useAdminOutbox(page);
  const queryView = useLoadView(query);
  const data = query.data;
  const pages = Math.max(data?.pageCount ?? 1, 1);
  const { t } = useLingui();

  return (
    <AdminPage>
      <AdminNav />
      <TitleRow>
        <div>
          <PageHeading>
            <Trans>Outbox</Trans>
          </PageHeading>
          <Muted>
            <Trans>
              Every mail the app sends, newest first. A mail that failed after all its attempts can
              be sent again.
            </Trans>
          </Muted>
        </div>
        {data && (
          <Muted aria-live="polite">
            <Trans>Mails: {data.total}</Trans>
          </Muted>
        )}
      </TitleRow>
      {queryView.failed && !data ? (
        <LoadError onRetry={queryView.retry} busy={queryView.busy}>
          <Trans>The outbox could not be loaded.</Trans>
        </LoadError>
      ) : !data ? (
        <RowListSkeleton rows={4} widthsPx={[180, 240]} />
      ) : data.items.length === 0 ? (
        <EmptyState icon={<MailIcon sizePx={32} />} title={<Trans>No mails</Trans>}>
          <Trans>Mails appear here once the app sends one.</Trans>
        </EmptyState>
      ) : (
        <RowList $stale={query.isPlaceholderData} aria-label={t`Mails`}>
          {data.items.map((mail) => (
            <MailRow key={mail._id} mail={mail} />
          ))}
        </RowList>
      )}
      {data && pages > 1 && (
        <ListPager
          page={page}
          pages={pages}
          hrefOf={(next) => pagedHref('/admin/outbox', new URLSearchParams(), next)}
        />
      )}
    </AdminPage>
  );
}

function MailRow({ mail }: { mail: OutboxMail }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const resend = useResendMail();
  const kind = KIND_LABELS[mail.kind];
  const failure = resend.error ? describeAdminError(resend.error) : null;
  return (
    <StackedRow>
      <Head>
        <strong>{kind ? i18n._(kind) : mail.kind}</strong>
        <Badge $tone={STATUS_TONES[mail.status]}>{i18n._(STATUS_LABELS[mail.status])}</Badge>
      </Head>
      <FactLine>
        <span>{mail.recipient}</span>
        <span>{mail.language.toUpperCase()}</span>
        <span>
          <Trans>Attempts: {mail.attempts}</Trans>
        </span>
      </FactLine>
      <FactLine>
        <span>
          <Trans>
            Created <time dateTime={mail.createdAt}>{dateTime(mail.createdAt)}</time>
          </Trans>
        </span>
        {mail.sentAt && (
          <span>
            <Trans>
              Sent <time dateTime={mail.sentAt}>{dateTime(mail.sentAt)}</time>
            </Trans>
          </span>
        )}
      </FactLine>
      {mail.lastError && (
        <ErrorText>
          <Trans>Last error:</Trans> <Mono>{mail.lastError}</Mono>
        </ErrorText>
      )}
      {mail.status === 'failed' && (
        <Actions>
          <Button
            variant="secondary"
            busy={resend.isPending}
            disabled={resend.isSuccess}
            onClick={() => resend.mutate(mail._id)}
          >
            <Trans>Resend</Trans>
          </Button>
        </Actions>
      )}
      {failure && <ErrorMessage>{translate(i18n, failure.message)}</ErrorMessage>}
    </StackedRow>
  );
}

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const ErrorText = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.danger};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;
