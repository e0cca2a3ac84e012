import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { TRADE_DURATIONS_S } from '../../../../common/rules';
import { adminKeys, useUpdateSiteSettings } from '../../../services/admin-queries';
import { describeAdminError } from '../../../services/error-messages';
import { translate, type AppMessage } from '../../../services/messages';
import { ConfirmDialog } from '../../../ui/dialog';
import { CloseIcon, InfoIcon } from '../../../ui/icons';
import { Card, ErrorMessage, Muted } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { durationLong } from '../../shared/trade-format';
import {
  PAYOUT_TIMES,
  SECTION_FIELDS,
  parseCountryInput,
  payoutField,
  regionCodes,
  savedSettings,
  withCountries,
  type SettingsForm,
} from './settings-model';
import { CardTitle } from '../console/admin-ui';
import { FieldPair, SectionCard, useSettingsSection } from './settings-section';
import { theme } from '../../../ui/theme';

/**
 * The trading group: the on/off switch (saved at once, confirmed when turning off), the
 * stake limits and payout rates, and the countries where trading is off. None of it can
 * decide a trade: outcomes come only from the prices the server records.
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
  const figure = { inputMode: 'decimal' as const, autoComplete: 'off', spellCheck: false };
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
        <TextField
          label={t`Minimum stake`}
          suffix="USDT"
          {...figure}
          {...form.bindText('tradeMin')}
        />
        <TextField
          label={t`Maximum stake`}
          suffix="USDT"
          {...figure}
          {...form.bindText('tradeMax')}
        />
      </FieldPair>
      <SubTitle>
        <Trans>Payout on a win</Trans>
      </SubTitle>
      <FieldPair>
        {PAYOUT_TIMES.map((time, index) => (
          <TextField
            key={time}
            label={i18n._(durationLong(TRADE_DURATIONS_S[index] ?? 0))}
            suffix="%"
            {...figure}
            {...form.bindText(payoutField(time))}
          />
        ))}
      </FieldPair>
    </SectionCard>
  );
}

/**
 * Country names in the interface language, from the browser's own data (nothing to
 * translate), and the reverse lookup from a typed name to its code.
 */
function useRegionNames() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    const nameOf = (code: string): string | undefined => {
      try {
        return names?.of(code);
      } catch {
        return undefined;
      }
    };
    const options = regionCodes(nameOf);
    const byName = new Map(options.map(([code, name]) => [name.toLowerCase(), code]));
    return {
      options,
      /** The country's name, or null when the browser does not know the code. */
      nameOf: (code: string) => {
        const name = nameOf(code);
        return name && name !== code ? name : null;
      },
      codeOfName: (name: string) => byName.get(name.trim().toLowerCase()),
    };
  }, [locale]);
}

/** Countries where trading is off, as chips to add and remove, saved together. */
export function CountriesSection({ saved }: { saved: SettingsForm }) {
  const { t } = useLingui();
  const form = useSettingsSection(SECTION_FIELDS.countries, saved);
  const regions = useRegionNames();
  const listId = useId();
  const [text, setText] = useState('');
  const [inputProblem, setInputProblem] = useState<string | null>(null);
  const codes = form.values.tradingBlockedCountries;

  function add() {
    const { codes: added, invalid } = parseCountryInput(text, regions.codeOfName);
    if (added.length === 0 && invalid.length === 0) return;
    if (invalid.length > 0) {
      const list = invalid.join(', ');
      setInputProblem(t`Not a two-letter country code or a country name from the list: ${list}`);
      return;
    }
    form.set('tradingBlockedCountries', withCountries(codes, added));
    setText('');
    setInputProblem(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the typed countries; it must not save the whole section.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  }

  const listError = form.fieldError('tradingBlockedCountries');
  return (
    <SectionCard
      title={<Trans>Blocked countries</Trans>}
      description={
        <Trans>
          Members whose verified KYC country is listed cannot place trades. Codes are ISO 3166
          alpha-2, such as DE, or GB for the United Kingdom.
        </Trans>
      }
      form={form}
    >
      {codes.length === 0 ? (
        <Muted>
          <Trans>No country is blocked.</Trans>
        </Muted>
      ) : (
        <Chips aria-label={t`Blocked countries`}>
          {codes.map((code) => {
            const name = regions.nameOf(code);
            const label = name ? `${name} (${code})` : code;
            return (
              <li key={code}>
                <Chip>
                  {name && <span>{name}</span>}
                  <ChipCode>{code}</ChipCode>
                  <RemoveButton
                    type="button"
                    aria-label={t`Remove ${label}`}
                    title={t`Remove ${label}`}
                    onClick={() =>
                      form.set(
                        'tradingBlockedCountries',
                        codes.filter((item) => item !== code),
                      )
                    }
                  >
                    <CloseIcon sizePx={14} />
                  </RemoveButton>
                </Chip>
              </li>
            );
          })}
        </Chips>
      )}
      {listError && <ErrorMessage>{listError}</ErrorMessage>}
      <TextField
        label={t`Add a country`}
        placeholder={t`DE, or Germany`}
        list={listId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setInputProblem(null);
        }}
        onKeyDown={onKeyDown}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={inputProblem ?? undefined}
        hint={<Trans>A code, or several separated by commas.</Trans>}
        suffix={
          <AddButton type="button" onClick={add} disabled={text.trim() === ''}>
            <Trans>Add</Trans>
          </AddButton>
        }
      />
      <datalist id={listId}>
        {regions.options.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </datalist>
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
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.lg};
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

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  margin: 0 0 ${theme.space.sm};
  padding: 0;
  list-style: none;
`;

const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  min-height: 36px;
  padding: 0 ${theme.space.xs} 0 ${theme.space.md};
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceRaised};
  font-size: ${theme.fontSizes.sm};
`;

const ChipCode = styled.code`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
`;

const RemoveButton = styled.button`
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;

  &:hover {
    background: ${theme.colors.surfaceHover};
    color: ${theme.colors.danger};
  }
`;

/** The Add button inside the country field, at its right end. */
const AddButton = styled.button`
  min-height: 32px;
  margin-right: -${theme.space.sm};
  padding: 0 ${theme.space.md};
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  font: inherit;
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  &:hover:not(:disabled) {
    background: ${theme.colors.surfaceHover};
  }
`;
