import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isLanguage, LANGUAGES } from '../../../common/rules';
import { ChevronDownIcon, GlobeIcon } from '../../ui/icons';
import { chooseLanguage } from '../i18n/i18n';
import { LANGUAGE_NAMES } from '../i18n/languages';
import { theme } from '../../ui/theme';
import { rememberLanguageOnServer } from '../../services/auth-api';

/**
 * A native select, which opens the system picker on phones. It is laid transparently over a
 * compact face (globe and language code) so the header keeps room for the page title; the
 * options still name each language in itself.
 */
export function LanguagePicker() {
  const { i18n, t } = useLingui();
  return (
    <Wrap>
      <Face aria-hidden="true">
        <GlobeIcon sizePx={16} />
        <span>{i18n.locale.toUpperCase()}</span>
        <ChevronDownIcon sizePx={14} />
      </Face>
      <Select
        aria-label={t`Language`}
        value={i18n.locale}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          void chooseLanguage(language);
          rememberLanguageOnServer(language);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </Select>
    </Wrap>
  );
}

const Wrap = styled.div`
  position: relative;
  display: inline-grid;
  place-items: center;
  height: ${theme.sizes.touchPx}px;
  min-width: ${theme.sizes.touchPx}px;

  &:focus-within > span {
    border-color: ${theme.colors.focus};
  }
`;

const Face = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  height: 36px;
  padding: 0 ${theme.space.sm} 0 10px;
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  letter-spacing: 0.02em;

  svg:first-child {
    color: ${theme.colors.textMuted};
  }
  svg:last-child {
    color: ${theme.colors.textFaint};
  }
`;

const Select = styled.select`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  opacity: 0;
  cursor: pointer;
  /* 16px keeps iOS Safari from zooming in when the picker opens. */
  font-size: 16px;

  option {
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
  }
`;
