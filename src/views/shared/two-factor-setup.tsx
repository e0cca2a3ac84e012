import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import QRCode from 'react-qr-code';
import styled from 'styled-components';
import type { SetupTwoFactorResponse } from '../../../common/contract';
import { ApiError } from '../../services/api-error';
import { enableTwoFactor, setupTwoFactor } from '../../services/account-api';
import { queryKeys } from '../../services/queries';
import { Button } from '../../ui/button';
import { StackedForm } from '../../ui/form';
import { CopyIcon } from '../../ui/page-icons';
import { Card, ErrorMessage, Muted, Page, TitledSection } from '../../ui/page';
import { theme } from '../../ui/theme';
import { useCopy } from '../../ui/use-copy';
import { TwoFactorCodeField } from './two-factor-code-field';

/**
 * Setting up two-factor authentication, for a user (Settings → Two-factor authentication)
 * and for an admin (the console's gate): a QR code and the key as text grouped in fours with
 * Copy, a code to enable, then the ten recovery codes shown once.
 */

/** The error text of a refused code. */
export function useCodeRefusal() {
  const { t } = useLingui();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.code === 'two_factor_invalid') {
        return t`This code is not valid. Check the code and try again.`;
      }
      if (error.code === 'two_factor_locked') {
        return t`Too many wrong codes. Please wait 15 minutes and try again.`;
      }
      if (error.code === 'two_factor_not_set_up') return t`Start the set-up again.`;
    }
    return t`Something went wrong. Please try again.`;
  };
}

/** A base32 key in groups of four, as people type it into an app. */
function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function SetUp({
  email,
  onEnabled,
  admin = false,
}: {
  email: string;
  onEnabled: (codes: string[]) => void;
  /** The console's gate: an admin must set it up before anything else. */
  admin?: boolean;
}) {
  const { t } = useLingui();
  const copy = useCopy();
  const queryClient = useQueryClient();
  const describe = useCodeRefusal();
  const [setup, setSetup] = useState<SetupTwoFactorResponse | null>(null);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const start = useMutation({ mutationFn: setupTwoFactor, onSuccess: setSetup });
  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (answer) => {
      onEnabled(answer.recoveryCodes);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminProfile });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (enable.isPending) return;
    if (!/^[0-9]{6}$/.test(code)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    enable.mutate(code);
  };

  if (!setup) {
    return (
      <Page>
        <TitledSection titleId="two-factor-title" title={<Trans>Two-factor authentication</Trans>}>
          <Muted>
            {admin ? (
              <Trans>
                Every admin account needs two-factor authentication. Set it up to open the console.
              </Trans>
            ) : (
              <Trans>
                Protect your account with a code from an authenticator app (such as Google
                Authenticator, Authy or 1Password) at sign-in and before money leaves your wallet.
              </Trans>
            )}
          </Muted>
          {start.isError && (
            <ErrorMessage>
              <Trans>Something went wrong. Please try again.</Trans>
            </ErrorMessage>
          )}
          <Button block busy={start.isPending} onClick={() => start.mutate()}>
            <Trans>Set up two-factor authentication</Trans>
          </Button>
        </TitledSection>
      </Page>
    );
  }
  return (
    <Page>
      <TitledSection titleId="two-factor-title" title={<Trans>Scan the QR code</Trans>}>
        <Muted>
          <Trans>
            Scan this code with your authenticator app, or enter the key by hand. Then enter the
            6-digit code the app shows.
          </Trans>
        </Muted>
        <SetupCard>
          <QrFrame role="img" aria-label={t`QR code of the two-factor key for ${email}`}>
            <QRCode value={setup.otpauthUrl} size={176} aria-hidden="true" />
          </QrFrame>
          <KeyRow>
            <div>
              <small>
                <Trans>Key</Trans>
              </small>
              <Key data-testid="two-factor-key">{groupedKey(setup.secret)}</Key>
            </div>
            <Button
              variant="secondary"
              aria-label={t`Copy key`}
              onClick={() => void copy(setup.secret, t`Key copied!`)}
            >
              <CopyIcon sizePx={18} />
              <Trans>Copy</Trans>
            </Button>
          </KeyRow>
        </SetupCard>
        <StackedForm
          noValidate
          onSubmit={onSubmit}
          aria-label={t`Enable two-factor authentication`}
        >
          <TwoFactorCodeField
            value={code}
            onChange={setCode}
            allowRecovery={false}
            error={
              missing
                ? t`Enter the 6-digit code.`
                : enable.isError
                  ? describe(enable.error)
                  : undefined
            }
          />
          <Button type="submit" block busy={enable.isPending}>
            <Trans>Enable</Trans>
          </Button>
        </StackedForm>
      </TitledSection>
    </Page>
  );
}

/** The ten recovery codes, shown once: Download as a .txt file, then "I have saved them". */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const download = () => {
    const text = `${t`TradeWallet recovery codes. Each code works once.`}\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'tradewallet-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Page>
      <TitledSection titleId="recovery-title" title={<Trans>Save your recovery codes</Trans>}>
        <Muted>
          <Trans>
            Two-factor authentication is on. If you lose your phone, each of these codes signs you
            in once. They are shown only now: keep them somewhere safe.
          </Trans>
        </Muted>
        <CodeList aria-label={t`Recovery codes`}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </CodeList>
        <Button variant="secondary" block onClick={download}>
          <Trans>Download</Trans>
        </Button>
        <Button block onClick={onDone}>
          <Trans>I have saved them</Trans>
        </Button>
      </TitledSection>
    </Page>
  );
}

const SetupCard = styled(Card)`
  align-items: stretch;
`;

const QrFrame = styled.div`
  align-self: center;
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  /* QR codes need a light quiet zone to scan reliably. */
  background: #ffffff;
  line-height: 0;
`;

const KeyRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};

  small {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
  }
`;

const Key = styled.code`
  display: block;
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.md};
  letter-spacing: 0.04em;
  word-break: break-word;
`;

const CodeList = styled.ol`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  list-style: none;
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.md};
  text-align: center;
`;
