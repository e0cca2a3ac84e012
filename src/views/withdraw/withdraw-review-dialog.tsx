import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback, type ClipboardEvent } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { microsFromWire } from '../../../common/money';
import type { withdrawMachine } from '../../machines/withdraw.machine';
import { ConfirmDialog } from '../../ui/dialog';
import { AlertIcon } from '../../ui/icons';
import { Detail, DetailList } from '../../ui/list';
import { formatAmountMicros } from '../../ui/money';
import { Figure, WarningNote } from '../../ui/page';
import { theme } from '../../ui/theme';
import { SubmitFailureMessage } from '../shared/submit-failure';

type WithdrawActor = ActorRefFrom<typeof withdrawMachine>;

/** How many characters of the address go in one group on screen. */
const ADDRESS_GROUP_CHARS = 4;

/** The address cut into groups for reading; the groups joined give it back exactly. */
function addressGroups(address: string): string[] {
  const groups: string[] = [];
  for (let start = 0; start < address.length; start += ADDRESS_GROUP_CHARS) {
    groups.push(address.slice(start, start + ADDRESS_GROUP_CHARS));
  }
  return groups;
}

/** A figure of the request the form built: always a six-decimal string. */
function wireMicros(figure: string | number | undefined): bigint {
  if (typeof figure !== 'string') throw new Error('the withdraw form sends figures as strings');
  return microsFromWire(figure);
}

/**
 * The review of a withdrawal before it is sent (docs/product.md §4, beyond the spec): the
 * network, the full address, the amount, the fee, what arrives and that it cannot be
 * reversed, then 'Confirm withdrawal'. Open while the machine is reviewing or sending; a
 * failure stays in the sheet with its reason, and a retryable one is confirmed again here.
 */
export function WithdrawReviewDialog({
  actor,
  network,
  currency,
}: {
  actor: WithdrawActor;
  /** The method and its address type, e.g. 'Tether (TRC20)'. */
  network: string;
  currency: string;
}) {
  const { t } = useLingui();
  const open = useSelector(actor, (s) => s.matches('reviewing') || s.matches('submitting'));
  const sending = useSelector(actor, (s) => s.matches({ submitting: 'sending' }));
  const failed = useSelector(actor, (s) => s.matches({ submitting: 'failed' }));
  const request = useSelector(actor, (s) => s.context.request);
  const failure = useSelector(actor, (s) => s.context.failure);
  const cancel = useCallback(() => actor.send({ type: 'CANCEL' }), [actor]);
  if (!open || !request) return null;

  const amountMicros = wireMicros(request.amount);
  const receiveMicros = wireMicros(request.needToPay);
  const feeMicros = amountMicros - receiveMicros;
  if (feeMicros < 0n) throw new Error('a withdrawal receives more than its amount');
  const address = request.paymentAddress;
  const confirm = () => actor.send({ type: failed ? 'RETRY' : 'CONFIRM' });
  const canConfirm = !failed || failure?.retryable === true;

  /** Copying the grouped address gives the address itself, without the gaps. */
  const copyExact = (event: ClipboardEvent<HTMLElement>) => {
    const selected = document.getSelection()?.toString().replace(/\s/g, '') ?? '';
    if (selected === '' || !address.includes(selected)) return;
    event.clipboardData.setData('text/plain', selected);
    event.preventDefault();
  };

  return (
    <ConfirmDialog
      title={<Trans>Review withdrawal</Trans>}
      confirmLabel={<Trans>Confirm withdrawal</Trans>}
      busy={sending}
      confirmDisabled={!canConfirm}
      onCancel={cancel}
      onConfirm={confirm}
    >
      <DetailList>
        <Detail label={<Trans>Network</Trans>}>{network}</Detail>
      </DetailList>
      <AddressBox>
        <AddressLabel id="withdraw-review-address">
          <Trans>Wallet Address</Trans>
        </AddressLabel>
        <Address aria-labelledby="withdraw-review-address" title={address} onCopy={copyExact}>
          {addressGroups(address).map((group, index) => (
            <span key={index}>{group}</span>
          ))}
        </Address>
      </AddressBox>
      <DetailList>
        <Detail label={<Trans>Amount</Trans>}>
          <Figure>
            {formatAmountMicros(amountMicros, 2)} {currency}
          </Figure>
        </Detail>
        <Detail label={<Trans>Processing fee</Trans>}>
          <Figure>{formatAmountMicros(feeMicros, 4)} USDT</Figure>
        </Detail>
        <Detail label={<Trans>You receive</Trans>}>
          <Receive>{formatAmountMicros(receiveMicros, 4)} USDT</Receive>
        </Detail>
      </DetailList>
      <WarningNote role="note" aria-label={t`Warning`}>
        <AlertIcon sizePx={20} />
        <span>
          <Trans>
            A withdrawal cannot be reversed. Check the network and the address: funds sent to a
            wrong address are lost.
          </Trans>
        </span>
      </WarningNote>
      {failed && failure && <SubmitFailureMessage failure={failure} />}
    </ConfirmDialog>
  );
}

const AddressBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  padding: ${theme.space.md} ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
`;

const AddressLabel = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/** Groups as boxes with a gap between them: no space is in the text, so a copy is exact. */
const Address = styled.p`
  display: flex;
  flex-wrap: wrap;
  column-gap: 0.6em;
  row-gap: ${theme.space.xxs};
  margin: 0;
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.md};
  letter-spacing: 0.02em;
  user-select: all;
`;

const Receive = styled(Figure)`
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.success};
`;
