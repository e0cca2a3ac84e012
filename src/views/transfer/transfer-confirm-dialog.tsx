import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { transferMachine } from '../../machines/transfer.machine';
import { ConfirmDialog } from '../../ui/dialog';
import { ShieldCheckIcon, TransferIcon, ZapIcon } from '../../ui/icons';
import { Detail, DetailList } from '../../ui/list';
import { formatWireAmount } from '../../ui/money';
import { Badge } from '../../ui/page';
import { SubmitFailureMessage } from '../shared/submit-failure';
import { iconDisc } from '../../ui/layout';
import { theme } from '../../ui/theme';

type TransferActor = ActorRefFrom<typeof transferMachine>;

/**
 * 'Confirm Transfer' (docs/product.md §2): who receives, the amount, the fee and the net, then
 * 'Confirm & Send', which stays disabled until the receiver is found.
 */
export function TransferConfirmDialog({ actor }: { actor: TransferActor }) {
  const { t } = useLingui();
  const open = useSelector(
    actor,
    (s) => s.matches({ flow: 'confirming' }) || s.matches({ flow: 'submitting' }),
  );
  const submitting = useSelector(actor, (s) => s.matches({ flow: { submitting: 'sending' } }));
  const failed = useSelector(actor, (s) => s.matches({ flow: { submitting: 'failed' } }));
  const found = useSelector(actor, (s) => s.matches({ lookup: 'found' }));
  const lookingUp = useSelector(
    actor,
    (s) => s.matches({ lookup: 'debouncing' }) || s.matches({ lookup: 'looking' }),
  );
  const receiver = useSelector(actor, (s) => s.context.receiver);
  const draft = useSelector(actor, (s) => s.context.draft);
  const failure = useSelector(actor, (s) => s.context.failure);

  const cancel = useCallback(() => actor.send({ type: 'CANCEL' }), [actor]);
  if (!open || !draft) return null;

  const unknown = lookingUp ? t`Looking up this Pay ID…` : t`No member has this Pay ID.`;
  const confirm = () => actor.send({ type: failed ? 'RETRY' : 'CONFIRM' });
  const canConfirm = found && (!failed || failure?.retryable === true);

  return (
    <ConfirmDialog
      title={<Trans>Confirm Transfer</Trans>}
      confirmLabel={<Trans>Confirm & Send</Trans>}
      busy={submitting}
      confirmDisabled={!canConfirm}
      onCancel={cancel}
      onConfirm={confirm}
    >
      <Kind>
        <KindIcon aria-hidden="true">
          <TransferIcon sizePx={20} />
        </KindIcon>
        <strong>
          <Trans>Internal Wallet Transfer</Trans>
        </strong>
        <Badges>
          <Badge $tone="success">
            <ZapIcon sizePx={14} />
            <Trans>Instant</Trans>
          </Badge>
          <Badge $tone="success">
            <ShieldCheckIcon sizePx={14} />
            <Trans>Encrypted & Verified</Trans>
          </Badge>
        </Badges>
      </Kind>
      <DetailList>
        <Detail label={<Trans>Receiver Pay ID</Trans>}>
          <code>{draft.receivePId}</code>
        </Detail>
        <Detail label={<Trans>Username</Trans>}>
          {found && receiver ? receiver.username : unknown}
        </Detail>
        <Detail label={<Trans>Full name</Trans>}>
          {found && receiver ? receiver.fullName : '—'}
        </Detail>
        <Detail label={<Trans>Amount</Trans>}>{formatWireAmount(draft.amount, 2)} USDT</Detail>
        <Detail label={<Trans>Fee</Trans>}>{formatWireAmount(draft.chargeAmount, 2)} USDT</Detail>
        <Detail label={<Trans>Net amount</Trans>}>
          <Net>{formatWireAmount(draft.needToPay, 2)} USDT</Net>
        </Detail>
      </DetailList>
      {failed && failure && <SubmitFailureMessage failure={failure} />}
    </ConfirmDialog>
  );
}

const Kind = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space.sm};
  text-align: center;
`;

const KindIcon = styled.span`
  ${iconDisc(40)}
  background: ${theme.gradients.brand};
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space.sm};
`;

const Net = styled.strong`
  color: ${theme.colors.success};
`;
