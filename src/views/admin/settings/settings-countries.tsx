import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { CloseIcon } from '../../../ui/page-icons';
import { ErrorMessage, Muted } from '../../../ui/page';
import { TextField } from '../../../ui/text-field';
import { iconDisc } from '../../../ui/layout';
import { theme } from '../../../ui/theme';
import { parseCountryInput, regionCodes, withCountries } from './country-codes';
import { JURISDICTIONS, type Jurisdiction } from './jurisdictions';
import { SECTION_FIELDS, type SettingsForm } from './settings-model';
import { SectionCard, useSettingsSection } from './settings-section';

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
      <CountryChips
        codes={codes}
        nameOf={regions.nameOf}
        onRemove={(code) =>
          form.set(
            'tradingBlockedCountries',
            codes.filter((item) => item !== code),
          )
        }
      />
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
      <Jurisdictions
        blocked={codes}
        nameOf={regions.nameOf}
        onBlock={(added) => form.set('tradingBlockedCountries', withCountries(codes, added))}
      />
    </SectionCard>
  );
}

/**
 * Where retail binary options are banned or restricted, with the rule that says so, each
 * with "Block" for the countries it covers that are not blocked yet.
 */
function Jurisdictions({
  blocked,
  nameOf,
  onBlock,
}: {
  blocked: readonly string[];
  nameOf: (code: string) => string | null;
  onBlock: (codes: readonly string[]) => void;
}) {
  const { i18n, t } = useLingui();
  const headingId = useId();
  const nameOfJurisdiction = (item: Jurisdiction) =>
    item.name ? i18n._(item.name) : (nameOf(item.id) ?? item.id);
  return (
    <Rules aria-labelledby={headingId}>
      <RulesHeading id={headingId}>
        <Trans>Where retail binary options are banned or restricted</Trans>
      </RulesHeading>
      <Muted>
        <Trans>
          Timed trades are binary options. Check with your own legal advice before offering them
          anywhere.
        </Trans>
      </Muted>
      <RuleList>
        {JURISDICTIONS.map((item) => {
          const missing = item.codes.filter((code) => !blocked.includes(code));
          const name = nameOfJurisdiction(item);
          return (
            <li key={item.id}>
              <RuleHead>
                <strong>{name}</strong>
                <StatusTag $banned={item.status === 'banned'}>
                  {item.status === 'banned' ? <Trans>Banned</Trans> : <Trans>Restricted</Trans>}
                </StatusTag>
              </RuleHead>
              <RuleSource>{i18n._(item.source)}</RuleSource>
              {missing.length === 0 ? (
                <Muted>
                  <Trans>Blocked</Trans>
                </Muted>
              ) : (
                <AddButton
                  type="button"
                  aria-label={t`Block ${name}`}
                  onClick={() => onBlock(missing)}
                >
                  <Trans>Block</Trans>
                </AddButton>
              )}
            </li>
          );
        })}
      </RuleList>
    </Rules>
  );
}

/** The blocked countries as chips, each with its name where known and a remove button. */
function CountryChips({
  codes,
  nameOf,
  onRemove,
}: {
  codes: readonly string[];
  nameOf: (code: string) => string | null;
  onRemove: (code: string) => void;
}) {
  const { t } = useLingui();
  if (codes.length === 0) {
    return (
      <Muted>
        <Trans>No country is blocked.</Trans>
      </Muted>
    );
  }
  return (
    <Chips aria-label={t`Blocked countries`}>
      {codes.map((code) => {
        const name = nameOf(code);
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
                onClick={() => onRemove(code)}
              >
                <CloseIcon sizePx={14} />
              </RemoveButton>
            </Chip>
          </li>
        );
      })}
    </Chips>
  );
}

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
  ${iconDisc(28)}
  border: 0;
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

const Rules = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.md};
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
`;

const RulesHeading = styled.h3`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

const RuleList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: ${theme.space.xs};
  }
`;

const RuleHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
`;

const StatusTag = styled.span<{ $banned: boolean }>`
  padding: 0 ${theme.space.sm};
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
  color: ${({ theme, $banned }) => ($banned ? theme.colors.danger : theme.colors.warning)};
  border: 1px solid currentColor;
`;

const RuleSource = styled.p`
  font-size: ${theme.fontSizes.xs};
  line-height: 1.45;
  color: ${theme.colors.textMuted};
`;
