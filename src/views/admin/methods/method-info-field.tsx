import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { INFO_LANGUAGES, type InfoLanguage } from '../../../../common/contract';
import { TextAreaField } from '../../../ui/text-field';
import { theme } from '../../../ui/theme';
import { INFO_FIELDS, METHOD_TEXT_MAX_LENGTH, type MethodField } from './method-form-model';

/** The info text may be long; the field allows a little over the limit so the error shows. */
const INFO_INPUT_MAX_LENGTH = METHOD_TEXT_MAX_LENGTH.info + 100;

/** English, then the languages an admin may translate the instructions into. */
export type InfoTab = 'en' | InfoLanguage;
const TABS: readonly InfoTab[] = ['en', ...INFO_LANGUAGES];

const LANGUAGE_NAMES: Record<InfoTab, MessageDescriptor> = {
  en: msg`English`,
  es: msg`Spanish`,
  fr: msg`French`,
  de: msg`German`,
  zh: msg`Chinese`,
};

/** The form field holding a tab's text: `info` is the English one. */
export function infoFieldOf(tab: InfoTab): MethodField {
  return tab === 'en' ? 'info' : INFO_FIELDS[tab];
}

/** The first tab whose text has a problem, to show it when a submit is refused. */
export function firstInfoTabWith(hasError: (field: MethodField) => boolean): InfoTab | null {
  return TABS.find((tab) => hasError(infoFieldOf(tab))) ?? null;
}

type Bind = (field: MethodField) => {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
  error: string | undefined;
};

/**
 * A withdraw method's instructions in five languages, compact: a row of language tabs over
 * one text area. A tab with a text is marked, one with a problem is red; a language left
 * empty shows its readers the English text.
 */
export function MethodInfoField({
  bind,
  tab,
  onTab,
}: {
  bind: Bind;
  tab: InfoTab;
  onTab: (tab: InfoTab) => void;
}) {
  const { i18n, t } = useLingui();
  const panelId = useId();
  const language = i18n._(LANGUAGE_NAMES[tab]);
  const field = bind(infoFieldOf(tab));

  /** Arrow keys move along the tabs, as a tab row does. */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length] ?? 'en';
    onTab(next);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-tab="${next}"]`)?.focus();
  };

  return (
    <Box>
      <Tabs role="tablist" aria-label={t`Language of the info`} onKeyDown={onKeyDown}>
        {TABS.map((code) => {
          const own = bind(infoFieldOf(code));
          return (
            <Tab
              key={code}
              type="button"
              role="tab"
              data-tab={code}
              aria-selected={code === tab}
              aria-controls={panelId}
              aria-label={i18n._(LANGUAGE_NAMES[code])}
              tabIndex={code === tab ? 0 : -1}
              $filled={own.value.trim() !== ''}
              $invalid={own.error !== undefined}
              onClick={() => onTab(code)}
            >
              {code.toUpperCase()}
            </Tab>
          );
        })}
      </Tabs>
      <div id={panelId} role="tabpanel">
        <InfoText
          key={tab}
          label={<Trans>Info shown at checkout ({language})</Trans>}
          hint={tab === 'en' ? undefined : <Trans>Left empty, readers see the English text.</Trans>}
          rows={3}
          maxLength={INFO_INPUT_MAX_LENGTH}
          reserveMessage={false}
          autoComplete="off"
          lang={tab}
          {...field}
        />
      </div>
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.sm};
`;

const Tabs = styled.div`
  display: grid;
  grid-template-columns: repeat(5, minmax(0, 1fr));
  gap: ${theme.space.xs};
  padding: ${theme.space.xs};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
`;

/** A language's tab: a dot under its code when it has a text, red when that text is refused. */
const Tab = styled.button<{ $filled: boolean; $invalid: boolean }>`
  position: relative;
  min-height: 36px;
  border: 0;
  border-radius: ${theme.radii.sm};
  background: transparent;
  color: ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.textMuted)};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  letter-spacing: 0.04em;
  cursor: pointer;

  &[aria-selected='true'] {
    background: ${theme.colors.surfaceRaised};
    color: ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.text)};
  }

  &::after {
    content: '';
    position: absolute;
    left: 50%;
    bottom: 4px;
    width: 4px;
    height: 4px;
    margin-left: -2px;
    border-radius: 50%;
    background: ${({ $filled, $invalid }) =>
      $invalid ? theme.colors.danger : $filled ? theme.colors.accent : 'transparent'};
  }
`;

/**
 * Padded like the inputs above it, without TextField's focus ring, and red while invalid even
 * when focused: as this form had it before the field was shared.
 */
const InfoText = styled(TextAreaField)`
  textarea {
    padding: ${theme.space.md} ${theme.space.lg};
  }
  textarea:focus {
    box-shadow: none;
  }
  textarea[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
`;
