import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { TRADE_DURATIONS_S } from '../../../../common/rules';
import { adminKeys, useUpdateSiteSettings } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { ConfirmDialog } from '../../../ui/dialog';
import { InfoIcon } from '../../../ui/icons';
import { Card, ErrorMessage, Muted } from '../../../ui/page';
import { useToast } from '../../../ui/toast';
import { durationLong } from '../../shared/trade-format';
import {
  PAYOUT_TIMES,
  SECTION_FIELDS,
  payoutField,
  savedSettings,
  type SettingsForm,
} from './settings-model';
import { CardTitle } from '../console/admin-ui';
import { FieldPair, FigureField, SectionCard, useSettingsSection } from './settings-section';
import { flexRow } from '../../../ui/layout';
import { theme } from '../../../ui/theme';

/**
 * The trading group: the on/off switch (saved at once, confirmed when turning off), the
 * stake limits and payout rates, and the countries where trading is off
 * (settings-countries.tsx). None of it can decide a trade: outcomes come only from the
 * prices the server records.
 */

/** The note that sets expectations: these are limits and rates, never outcomes. */
export function OutcomeNote() {
  return (
    <Note role="note">
      <InfoIcon sizePx={20} />
      <p>
        <Trans>
          Nothing here can set a trade&apos;s outcome. Every outcome comes from the market prices
          the server records at entry and expiry. These settings only change limits and payout rates
          for new trades; running trades keep the rate they were placed at.
        </Trans>
      </p>
    </Note>
  );
}

/** Trading on or off for everyone, saved at once; turning it off asks first. */
export function TradingSwitch({ enabled }: { enabled: boolean }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutation = useUpdateSiteSettings();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<AppMessage | null>(null);
  const titleId = useId();

  async function apply(next: boolean) {
    setFailure(null);
    try {
      const answer = await mutation.mutateAsync({ tradingEnabled: next });
      queryClient.setQueryData(adminKeys.settings, savedSettings(answer).settings);
      toast({ tone: 'success', text: next ? t`Trading is on.` : t`Trading is off.` });
    } catch (error) {
      setFailure(describeAdminError(error).message);
    } finally {
      setConfirming(false);
    }
  }

  return (
    <Card as="section" aria-labelledby={titleId}>
      <SwitchRow>
        <div>
          <CardTitle id={titleId}>
            <Trans>Trading</Trans>
          </CardTitle>
          <Muted>
            {enabled ? (
              <Trans>On: members can place trades.</Trans>
            ) : (
              <Trans>Off: new trades are refused for everyone.</Trans>
            )}
          </Muted>
        </div>
        <Switch
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby={titleId}
          disabled={mutation.isPending}
          onClick={() => (enabled ? setConfirming(true) : void apply(true))}
        >
          <span aria-hidden="true" />
        </Switch>
      </SwitchRow>
      {failure && <ErrorMessage>{translate(i18n, failure)}</ErrorMessage>}
      <ConfirmDialog
        open={confirming}
        title={<Trans>Turn trading off?</Trans>}
        confirmLabel={<Trans>Turn off</Trans>}
        tone="danger"
        busy={mutation.isPending}
        onConfirm={() => void apply(false)}
        onCancel={() => setConfirming(false)}
      >
        <p>
          <Trans>
            Members will not be able to place new trades until you turn trading on again. Trades
            already running still settle at expiry as usual.
          </Trans>
        </p>
      </ConfirmDialog>
    </Card>
  );
}

/** The smallest and largest stake, and the payout of a win per duration. */
export function StakesSection({ saved }: { saved: SettingsForm }) {
  const { i18n, t } = useLingui();
  const form = useSettingsSection(SECTION_FIELDS.stakes, saved);
  return (
    <SectionCard
      title={<Trans>Stakes and payouts</Trans>}
      description={
        <Trans>
          The payout is the profit on a win, in percent of the stake: more than 0, at most 100.
        </Trans>
      }
      form={form}
    >
      <FieldPair>
        <FigureField label={t`Minimum stake`} suffix="USDT" {...form.bindText('tradeMin')} />
        <FigureField label={t`Maximum stake`} suffix="USDT" {...form.bindText('tradeMax')} />
      </FieldPair>
      <SubTitle>
        <Trans>Payout on a win</Trans>
      </SubTitle>
      <FieldPair>
        {PAYOUT_TIMES.map((time, index) => (
          <FigureField
            key={time}
            label={i18n._(durationLong(TRADE_DURATIONS_S[index] ?? 0))}
            suffix="%"
            {...form.bindText(payoutField(time))}
          />
        ))}
      </FieldPair>
    </SectionCard>
  );
}

const Note = styled.div`
  display: flex;
  gap: ${theme.space.md};
  padding: ${theme.space.lg};
  border-radius: ${theme.radii.lg};
  border: 1px solid rgba(108, 124, 255, 0.35);
  background: rgba(108, 124, 255, 0.1);
  font-size: ${theme.fontSizes.sm};
  line-height: 1.5;

  svg {
    flex: none;
    color: ${theme.colors.primaryHover};
  }
`;

const SwitchRow = styled.div`
  ${flexRow(theme.space.lg)}
  justify-content: space-between;
`;

/** A switch drawn from one button: a track with a thumb that moves right when on. */
const Switch = styled.button`
  flex: none;
  position: relative;
  width: 56px;
  height: 32px;
  padding: 0;
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.borderStrong};
  background: ${theme.colors.surfaceRaised};
  cursor: pointer;
  transition: background ${theme.durations.fastMs}ms ease;

  > span {
    position: absolute;
    top: 3px;
    left: 3px;
    width: 24px;
    height: 24px;
    border-radius: 50%;
    background: ${theme.colors.textMuted};
    transition: transform ${theme.durations.fastMs}ms ease;
  }
  &[aria-checked='true'] {
    background: ${theme.colors.success};
    border-color: ${theme.colors.success};
  }
  &[aria-checked='true'] > span {
    transform: translateX(24px);
    background: #ffffff;
  }
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const SubTitle = styled.h3`
  margin: 0 0 ${theme.space.xs};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;
