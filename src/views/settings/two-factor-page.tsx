import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { disableTwoFactor } from '../../services/account-api';
import { queryKeys, useUser } from '../../services/queries';
import { Button } from '../../ui/button';
import { StackedForm } from '../../ui/form';
import { Muted, Page, TitledSection } from '../../ui/page';
import { theme } from '../../ui/theme';
import { useToast } from '../../ui/toast';
import { isCodeComplete, TwoFactorCodeField } from '../shared/two-factor-code-field';
import { RecoveryCodes, SetUp, useCodeRefusal } from '../shared/two-factor-setup';
/**
 * Settings → Two-factor authentication: set-up (a QR code and the key as text, then a code
 * to enable), the ten recovery codes shown once (Download, "I have saved them"), and turning
 * it off with a code or a recovery code.
 */
export default function TwoFactorPage() {
  const user = useUser();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (recoveryCodes) {
    return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  }
  if (!user.data) {
    return (
      <Page>
        <Muted>
          <Trans>Loading…</Trans>
        </Muted>
      </Page>
    );
  }
  return user.data.twoFactorEnabled ? (
    <TurnOff />
  ) : (
    <SetUp email={user.data.email} onEnabled={setRecoveryCodes} />
  );
}

function TurnOff() {
  const { t } = useLingui();
  const toast = useToast();
  const queryClient = useQueryClient();
  const describe = useCodeRefusal();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => {
      toast({ tone: 'success', text: t`Two-factor authentication is off.` });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disable.isPending) return;
    if (!isCodeComplete(code)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    disable.mutate(code.trim());
  };
  return (
    <Page>
      <TitledSection titleId="two-factor-title" title={<Trans>Two-factor authentication</Trans>}>
        <Status>
          <Trans>Two-factor authentication is on.</Trans>
        </Status>
        <Muted>
          <Trans>
            To turn it off, enter a code from your authenticator app or a recovery code. Withdrawals
            are then paused for 24 hours.
          </Trans>
        </Muted>
        <StackedForm
          noValidate
          onSubmit={onSubmit}
          aria-label={t`Turn off two-factor authentication`}
        >
          <TwoFactorCodeField
            value={code}
            onChange={setCode}
            error={
              missing ? t`Enter the code.` : disable.isError ? describe(disable.error) : undefined
            }
          />
          <Button type="submit" variant="danger" block busy={disable.isPending}>
            <Trans>Turn off</Trans>
          </Button>
        </StackedForm>
      </TitledSection>
    </Page>
  );
}

const Status = styled.p`
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.success};
`;
