import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import {
  INFO_LANGUAGES,
  type DepositMethod,
  type WithdrawMethod,
} from '../../../../common/contract';
import { microsFromWire } from '../../../../common/money';
import { Button } from '../../../ui/button';
import { Badge, Card } from '../../../ui/page';
import { formatExactMicros, formatRate } from '../../../ui/money';
import { Mono } from '../console/admin-ui';
import { flexColumn, flexRow } from '../../../ui/layout';
import { theme } from '../../../ui/theme';

/**
 * One payment method as the console shows it: everything a user will see at checkout
 * (coin, network, address, limits, rate, and for a withdraw method its fee and info), then
 * Edit and Delete. Names, addresses and info are the admin's text, shown as plain text.
 */
export function MethodCard({
  method,
  onEdit,
  onDelete,
}: {
  method: DepositMethod | WithdrawMethod;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const network = method.paymentAddressType.toUpperCase();
  const currency = method.currencyUsdt;
  const amount = (wire: string) => `${formatExactMicros(microsFromWire(wire))} ${currency}`;
  const coinName = method.coinName;
  const withdraw = 'charge' in method;
  return (
    <Box aria-label={`${method.coinName} ${network}`}>
      <Head>
        <h2>{method.coinName}</h2>
        <Badge>{network}</Badge>
      </Head>
      <Facts>
        <div data-span="all">
          <dt>
            <Trans>Address</Trans>
          </dt>
          <dd>
            <Mono>{method.paymentAddress}</Mono>
          </dd>
        </div>
        {/* Short values three to a row for a withdraw method (with its fee), else two. */}
        <div data-span={withdraw ? 'third' : 'half'}>
          <dt>
            <Trans>Coin symbol</Trans>
          </dt>
          <dd>{method.coinSymbol}</dd>
        </div>
        <div data-span={withdraw ? 'third' : 'half'}>
          <dt>
            <Trans>Currency</Trans>
          </dt>
          <dd>{currency}</dd>
        </div>
        {withdraw && (
          <div data-span="third">
            <dt>
              <Trans>Fee</Trans>
            </dt>
            <dd>{formatExactMicros(microsFromWire(method.charge))}&nbsp;%</dd>
          </div>
        )}
        <div data-span="half">
          <dt>
            <Trans>Minimum</Trans>
          </dt>
          <dd>{amount(method.minAmount)}</dd>
        </div>
        <div data-span="half">
          <dt>
            <Trans>Maximum</Trans>
          </dt>
          <dd>{amount(method.maxAmount)}</dd>
        </div>
        <div data-span="all">
          <dt>
            <Trans>Conversion price</Trans>
          </dt>
          <dd>
            1 {method.coinSymbol} = {formatRate(method.conversionPrice)} {currency}
          </dd>
        </div>
        {withdraw && (
          <div data-span="all">
            <dt>
              <Trans>Info shown at checkout</Trans>
            </dt>
            <dd>{method.info === '' ? <Trans>None</Trans> : <Info>{method.info}</Info>}</dd>
          </div>
        )}
        {withdraw && (
          <div data-span="all">
            <dt>
              <Trans>Translations</Trans>
            </dt>
            <dd>{translated(method) || <Trans>None</Trans>}</dd>
          </div>
        )}
      </Facts>
      <Actions>
        <Button variant="secondary" onClick={onEdit} aria-label={t`Edit ${coinName} ${network}`}>
          <Trans>Edit</Trans>
        </Button>
        <Button variant="danger" onClick={onDelete} aria-label={t`Delete ${coinName} ${network}`}>
          <Trans>Delete</Trans>
        </Button>
      </Actions>
    </Box>
  );
}

/** The languages the instructions are translated into, as codes: "ES · DE · ZH". */
function translated(method: DepositMethod | WithdrawMethod): string {
  const translations = ('infoTranslations' in method && method.infoTranslations) || {};
  return INFO_LANGUAGES.filter((language) => (translations[language] ?? '') !== '')
    .map((language) => language.toUpperCase())
    .join(' · ');
}

const Box = styled(Card).attrs({ as: 'article' })`
  min-width: 0;
`;

const Head = styled.div`
  ${flexRow(theme.space.sm)}
  justify-content: space-between;
  min-width: 0;

  /* Under the page's h1: the cards are the page's sections. */
  h2 {
    min-width: 0;
    font-size: ${theme.fontSizes.lg};
    font-weight: ${theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
  > span {
    flex: none;
  }
`;

/** Six tracks: a fact spans all of them, half (3) or a third (2). */
const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(6, minmax(0, 1fr));
  gap: ${theme.space.md};
  margin: 0;

  > div {
    ${flexColumn('2px')}
    min-width: 0;
  }
  > div[data-span='all'] {
    grid-column: span 6;
  }
  > div[data-span='half'] {
    grid-column: span 3;
  }
  > div[data-span='third'] {
    grid-column: span 2;
  }
  dt {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;

const Info = styled.span`
  white-space: pre-line;
  font-size: ${theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.sm};
  margin-top: auto;
`;
