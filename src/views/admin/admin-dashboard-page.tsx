import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { AuthContext, useSession } from '../../machines/auth-context';
import { useAdminProfile } from '../../services/queries';
import { Button } from '../../ui/button';
import { LogoutIcon } from '../../ui/icons';
import { Card, Muted, Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { AdminNav } from './admin-nav';

export default function AdminDashboardPage() {
  const actor = AuthContext.useActorRef();
  const session = useSession();
  const profile = useAdminProfile();
  const name = profile.data?.fullName ?? profile.data?.username;
  return (
    <Page>
      <AdminNav />
      <Card>
        <Muted>
          <Trans>Signed in as</Trans>
        </Muted>
        {profile.isPending ? (
          <Spinner sizePx={22} />
        ) : (
          <Name>{name ?? <Trans>Administrator</Trans>}</Name>
        )}
        <Button
          variant="danger"
          busy={session.signingOut}
          onClick={() => actor.send({ type: 'SIGN_OUT' })}
        >
          {!session.signingOut && <LogoutIcon sizePx={20} />}
          <Trans>Logout</Trans>
        </Button>
      </Card>
    </Page>
  );
}

const Name = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;
