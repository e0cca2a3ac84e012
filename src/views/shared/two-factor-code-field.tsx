import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { TextField } from '../../ui/text-field';
import { theme } from '../../ui/theme';

/**
 * The field of a second-factor code: the 6-digit code of an authenticator app (numeric
 * keyboard, offered by the phone from a message or an app: `one-time-code`), or, after "Use a
 * recovery code", one of the ten recovery codes. Used by the sign-in's second step, the
 * step-up dialog of money and security calls and the two-factor settings.
 */
export function TwoFactorCodeField({
  value,
  onChange,
  error,
  allowRecovery = true,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  allowRecovery?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  const [recovery, setRecovery] = useState(false);
  const toggle = () => {
    setRecovery((current) => !current);
    onChange('');
  };
  return (
    <Box>
      {recovery ? (
        <TextField
          label={t`Recovery code`}
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXXX-XXXXX"
          maxLength={16}
          value={value}
          error={error}
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <TextField
          label={t`6-digit code`}
          name="oneTimeCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          placeholder="123456"
          maxLength={6}
          value={value}
          error={error}
          autoFocus={autoFocus}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
        />
      )}
      {allowRecovery && (
        <Toggle type="button" onClick={toggle}>
          {recovery ? <Trans>Use the code from the app</Trans> : <Trans>Use a recovery code</Trans>}
        </Toggle>
      )}
    </Box>
  );
}

/** Whether `value` can be sent: six digits, or something as long as a recovery code. */
export function isCodeComplete(value: string): boolean {
  const trimmed = value.replace(/\s+/g, '');
  return /^[0-9]{6}$/.test(trimmed) || trimmed.length >= 11;
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
`;

const Toggle = styled.button`
  align-self: flex-start;
  min-height: ${theme.sizes.touchPx}px;
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.primaryHover};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  cursor: pointer;
`;
