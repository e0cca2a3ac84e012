import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import type { LoginAttemptView, SessionView } from '../../../common/contract/sessions';
import type { LoginResult } from '../../../common/rules';
import { readOnlyRefusal } from '../../services/error-messages';
import { useLoadView } from '../../services/load-view';
import { useUser } from '../../services/queries';
import { useLoginHistory, useRevokeSessions, useSessions } from '../../services/security-queries';
import { Button } from '../../ui/button';
import { useDateTime } from '../../ui/date-time';
import { ConfirmDialog } from '../../ui/dialog';
import { KeyIcon } from '../../ui/page-icons';
import { flexColumn, flexRow } from '../../ui/layout';
import { List, ListLink } from '../../ui/list';
import {
  Badge,
  cardBox,
  EmptyState,
  ErrorMessage,
  Muted,
  Page,
  TitledSection,
} from '../../ui/page';
import { theme } from '../../ui/theme';
import { useToast } from '../../ui/toast';
import { LoadError } from '../shared/load-error';
import { ContentSkeleton } from '../shared/skeletons';

/**
 * Settings › Security: the sessions that hold the account, each with a way to sign it out,
 * and the last sign-in attempts, so a user can spot and end a stolen session (docs/security.md).
 * Two-factor authentication's row, with whether it is on, comes first.
 */
export default function SecurityPage() {
  const { t } = useLingui();
  const twoFactorOn = useUser().data?.twoFactorEnabled;
  return (
    <Page>
      <List aria-label={t`Two-factor authentication`}>
        <ListLink
          to="/settings/two-factor"
          icon={<KeyIcon sizePx={20} />}
          end={
            twoFactorOn === undefined ? null : twoFactorOn ? <Trans>On</Trans> : <Trans>Off</Trans>
          }
        >
          <Trans>Two-factor authentication</Trans>
        </ListLink>
      </List>
      <SessionsSection />
      <LoginHistorySection />
    </Page>
  );
}

/** "Chrome 131 · Android 14", or what is known of it. */
function useDeviceName() {
  const { t } = useLingui();
  return (item: { browser: string | null; system: string | null }) =>
    [item.browser, item.system].filter((part) => part !== null).join(' · ') || t`Unknown device`;
}

/** Which session the user is about to sign out: one (its id and name) or every other. */
type Pending = { id: string; device: string } | { id: null };

function SessionsSection() {
  const { t, i18n } = useLingui();
  const sessions = useSessions();
  const view = useLoadView(sessions);
  const revoke = useRevokeSessions();
  const toast = useToast();
  const deviceName = useDeviceName();
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = async () => {
    if (pending === null) return;
    try {
      await revoke.mutateAsync(pending.id);
      toast({
        tone: 'success',
        text: pending.id === null ? t`Signed out everywhere else.` : t`Session signed out.`,
      });
    } catch {
      // Shown from `revoke.error`.
    } finally {
      setPending(null);
    }
  };

  const pendingDevice = pending !== null && pending.id !== null ? pending.device : '';
  const list = sessions.data;
  const others = list?.filter((s) => !s.current && !s.supportView) ?? [];
  const failure = revoke.error
    ? i18n._(
        readOnlyRefusal(revoke.error) ??
          msg`The session could not be signed out. Please try again.`,
      )
    : null;

  return (
    <TitledSection titleId="sessions-title" title={<Trans>Active sessions</Trans>}>
      {list === undefined ? (
        view.failed ? (
          <LoadError onRetry={view.retry} busy={view.busy}>
            <Trans>Could not load your sessions.</Trans>
          </LoadError>
        ) : (
          <ContentSkeleton rows={3} />
        )
      ) : (
        <>
          <Rows aria-labelledby="sessions-title">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                deviceName={deviceName(session)}
                onSignOut={() => setPending({ id: session.id, device: deviceName(session) })}
              />
            ))}
          </Rows>
          {failure && <ErrorMessage>{failure}</ErrorMessage>}
          {others.length > 0 && (
            <Button variant="secondary" block onClick={() => setPending({ id: null })}>
              <Trans>Sign out everywhere else</Trans>
            </Button>
          )}
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.id === null ? (
            <Trans>Sign out everywhere else?</Trans>
          ) : (
            <Trans>Sign out this session?</Trans>
          )
        }
        confirmLabel={<Trans>Sign out</Trans>}
        tone="danger"
        busy={revoke.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        {pending?.id === null ? (
          <Trans>
            Every other browser and device signed in to your account is signed out. This device
            stays signed in.
          </Trans>
        ) : (
          <Trans>{pendingDevice} is signed out and must sign in again with your password.</Trans>
        )}
      </ConfirmDialog>
    </TitledSection>
  );
}

function SessionRow({
  session,
  deviceName,
  onSignOut,
}: {
  session: SessionView;
  deviceName: string;
  onSignOut: () => void;
}) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  return (
    <Row>
      <RowBody>
        <RowHead>
          <strong>{session.supportView ? <Trans>Support view</Trans> : deviceName}</strong>
          {session.current && (
            <Badge $tone="success">
              <Trans>This device</Trans>
            </Badge>
          )}
        </RowHead>
        {session.supportView ? (
          <Muted>
            <Trans>
              Our support team is viewing your account, read-only. This ends by itself within 15
              minutes.
            </Trans>
          </Muted>
        ) : (
          session.ip !== null && <Muted>{session.ip}</Muted>
        )}
        <Facts>
          <div>
            <dt>
              <Trans>Signed in</Trans>
            </dt>
            <dd>{dateTime(session.createdAt)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Last active</Trans>
            </dt>
            <dd>{dateTime(session.lastSeenAt)}</dd>
          </div>
        </Facts>
      </RowBody>
      {!session.current && !session.supportView && (
        <Button variant="danger" onClick={onSignOut} aria-label={t`Sign out ${deviceName}`}>
          <Trans>Sign out</Trans>
        </Button>
      )}
    </Row>
  );
}

const RESULT_LABELS: Record<LoginResult, MessageDescriptor> = {
  success: msg`Successful`,
  wrong_password: msg`Wrong password`,
  throttled: msg`Blocked: too many attempts`,
  account_disabled: msg`Account disabled`,
  two_factor_failed: msg`Wrong two-factor code`,
};

function LoginHistorySection() {
  const history = useLoginHistory();
  const view = useLoadView(history);
  const attempts = history.data;
  return (
    <TitledSection titleId="sign-ins-title" title={<Trans>Recent sign-ins</Trans>}>
      {attempts === undefined ? (
        view.failed ? (
          <LoadError onRetry={view.retry} busy={view.busy}>
            <Trans>Could not load your recent sign-ins.</Trans>
          </LoadError>
        ) : (
          <ContentSkeleton rows={4} />
        )
      ) : attempts.length === 0 ? (
        <EmptyState title={<Trans>No sign-ins yet</Trans>} />
      ) : (
        <Rows aria-labelledby="sign-ins-title">
          {attempts.map((attempt, index) => (
            <AttemptRow key={`${attempt.attemptedAt}-${index}`} attempt={attempt} />
          ))}
        </Rows>
      )}
    </TitledSection>
  );
}

function AttemptRow({ attempt }: { attempt: LoginAttemptView }) {
  const { i18n } = useLingui();
  const dateTime = useDateTime();
  const deviceName = useDeviceName();
  const failed = attempt.result !== 'success';
  return (
    <Row $failed={failed}>
      <RowBody>
        <RowHead>
          <strong>{dateTime(attempt.attemptedAt)}</strong>
          <Badge $tone={failed ? 'danger' : 'success'}>
            {i18n._(RESULT_LABELS[attempt.result])}
          </Badge>
          {attempt.newDevice && (
            <Badge $tone="warning">
              <Trans>New device</Trans>
            </Badge>
          )}
        </RowHead>
        <Muted>
          {deviceName(attempt)} · {attempt.ip}
        </Muted>
      </RowBody>
    </Row>
  );
}

const Rows = styled.ul`
  ${flexColumn(theme.space.sm)}
`;

/** A card per session or attempt: its facts, and an action at the end when it has one. */
const Row = styled.li<{ $failed?: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: ${theme.space.md};
  ${cardBox}
  padding: ${theme.space.md} ${theme.space.lg};
  overflow-wrap: anywhere;

  /* On a phone the action goes under the facts, which keep the card's whole width. */
  @media (max-width: 479px) {
    grid-template-columns: minmax(0, 1fr);

    > button {
      justify-self: end;
    }
  }
  ${({ $failed, theme }) => ($failed ? `border-left: 4px solid ${theme.colors.danger};` : '')}
`;

const RowBody = styled.div`
  ${flexColumn(theme.space.xs)}
`;

const RowHead = styled.div`
  ${flexRow(theme.space.sm)}
  flex-wrap: wrap;
`;

const Facts = styled.dl`
  ${flexColumn(theme.space.xxs)}
  font-size: ${theme.fontSizes.sm};

  div {
    display: flex;
    flex-wrap: wrap;
    column-gap: ${theme.space.sm};
  }
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;
