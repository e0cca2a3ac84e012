import { Trans, useLingui } from '@lingui/react/macro';
import QRCode from 'react-qr-code';
import styled from 'styled-components';
import { IconButton } from '../../ui/button';
import { CopyIcon } from '../../ui/page-icons';
import { Badge, Card } from '../../ui/page';
import { useCopy } from '../../ui/use-copy';
import type { DepositCheckoutState } from './deposit-terms';
import { flexRow } from '../../ui/layout';
import { theme } from '../../ui/theme';

/** Where to send the coins: the address as a QR code and as text with a copy button. */
export function DepositAddressCard({ method }: { method: DepositCheckoutState }) {
  const { t } = useLingui();
  const copy = useCopy();
  const coin = method.coinSymbol;
  return (
    <AddressCard>
      <Top>
        <div>
          <h2>{method.name}</h2>
          <p>
            <Trans>Send only {coin} to this address.</Trans>
          </p>
        </div>
        <Badge>{method.label.toUpperCase()}</Badge>
      </Top>
      <QrFrame role="img" aria-label={t`QR code of the deposit address`}>
        <QRCode value={method.address} size={176} aria-hidden="true" />
      </QrFrame>
      <AddressRow>
        <div>
          <small>
            <Trans>Deposit address</Trans>
          </small>
          <Address>{method.address}</Address>
        </div>
        <IconButton
          type="button"
          aria-label={t`Copy address`}
          onClick={() =>
            void copy(method.address, t`Address copied!`, t`Copy failed. Please copy manually.`)
          }
        >
          <CopyIcon sizePx={20} />
        </IconButton>
      </AddressRow>
    </AddressCard>
  );
}

const AddressCard = styled(Card)`
  align-items: stretch;
`;

const Top = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space.md};

  h2 {
    font-size: ${theme.fontSizes.lg};
  }
  p {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
`;

const QrFrame = styled.div`
  align-self: center;
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  /* QR codes need a light quiet zone to scan reliably. */
  background: #ffffff;
  line-height: 0;
`;

const AddressRow = styled.div`
  ${flexRow(theme.space.sm)}
  padding: ${theme.space.sm} ${theme.space.xs} ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};

  > div {
    flex: 1;
    min-width: 0;
  }
  small {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
  }
`;

const Address = styled.p`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
