import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useParams } from 'wouter';
import { useViewAsUser } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { tokenStorage } from '../../../services/token-storage';
import { Button, ButtonLink } from '../../../ui/button';
import { EyeIcon } from '../../../ui/page-icons';
import { Card, ErrorMessage, Muted } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import { AdminNav } from '../console/admin-nav';
import { AdminPage, PageHeading } from '../console/admin-ui';
import { userHref } from './user-model';
import { flexRow } from '../../../ui/layout';
import { theme } from '../../../ui/theme';

/**
 * Opens a read-only "view as user" in this tab (the user page opens it in a new one): asks
 * the server for a short session of the user, keeps it in this tab's session storage only,
 * and reloads the tab at `/`, where the app starts as that user. The admin's session in
 * local storage, shared by every tab, is never touched.
 */
export default function AdminViewAsPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { i18n, t } = useLingui();
  const viewAs = useViewAsUser();
  const [failure, setFailure] = useState<AppMessage | null>(null);
  // One session per visit: every call opens one on the server and writes an audit row.
  const started = useRef(false);

  const open = async () => {
    setFailure(null);
    let session;
    try {
      session = await viewAs.mutateAsync(id);
    } catch (error) {
      setFailure(describeAdminError(error, msg`The read-only view could not be opened.`).message);
      return;
    }
    try {
      tokenStorage.beginViewAs({
        token: session.token,
        userId: session.user._id,
        username: session.user.username,
        expiresAt: session.expiresAt,
      });
    } catch {
      // Without a storage of its own the tab would have to use the shared one, signing the
      // admin out everywhere: refuse instead. The unused session ends by itself.
      setFailure(
        msg`This browser does not keep a session for one tab only, so the view cannot open here.`,
      );
      return;
    }
    // A new document: nothing of the admin's (cache, machine state) carries over.
    window.location.replace('/');
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void open();
    // Runs once on arrival; `open` is recreated each render on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AdminPage>
      <AdminNav />
      <PageHeading>
        <Trans>View as user</Trans>
      </PageHeading>
      <Card>
        {failure === null ? (
          <Opening>
            <Spinner sizePx={28} label={t`Opening the read-only view…`} />
            <p>
              <Trans>Opening a read-only view of the account…</Trans>
            </p>
          </Opening>
        ) : (
          <>
            <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>
            <Actions>
              <ButtonLink to={userHref(id)} variant="secondary">
                <Trans>Back to the user</Trans>
              </ButtonLink>
              <Button busy={viewAs.isPending} onClick={() => void open()}>
                <EyeIcon sizePx={18} />
                <Trans>Try again</Trans>
              </Button>
            </Actions>
          </>
        )}
        <Muted>
          <Trans>
            This tab shows the app as the user sees it. Nothing can be changed there, and your
            console in the other tabs stays signed in.
          </Trans>
        </Muted>
      </Card>
    </AdminPage>
  );
}

const Opening = styled.div`
  ${flexRow(theme.space.md)}
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.md};
`;
