import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { GlobeIcon } from '../../ui/icons';
import { theme } from '../../ui/theme';
import { stripLine, stripText } from './top-strip';
import {
  chooseLanguage,
  declineLanguageSuggestion,
  languageSuggestion,
  subscribeLanguageSuggestion,
} from '../i18n/i18n';
import { SUGGESTION_TEXTS } from '../i18n/languages';
import { rememberLanguageOnServer } from '../../services/auth-api';

/**
 * A strip above the screen offering the browser's language, written in that language, until
 * the user switches, declines or picks a language in the header. The app stays in English
 * until then (docs/product.md §1); the strip is there from the first frame, so nothing moves under it.
 */
export function LanguageSuggestion() {
  const language = useSyncExternalStore(subscribeLanguageSuggestion, languageSuggestion);
  if (language === null) return null;
  const texts = SUGGESTION_TEXTS[language];
  return (
    <Bar lang={language} data-testid="language-suggestion">
      <Inner>
        <GlobeIcon sizePx={18} />
        <Text>{texts.offer}</Text>
        <Accept
          type="button"
          onClick={() => {
            void chooseLanguage(language);
            rememberLanguageOnServer(language);
          }}
        >
          {texts.accept}
        </Accept>
        <Decline type="button" onClick={declineLanguageSuggestion}>
          {texts.dismiss}
        </Decline>
      </Inner>
    </Bar>
  );
}

const Bar = styled.div`
  padding-top: env(safe-area-inset-top, 0px);
  background: ${theme.colors.surfaceRaised};
  border-bottom: 1px solid ${theme.colors.border};
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.xs} ${theme.space.sm};
  ${stripLine}
  padding: ${theme.space.xs} ${theme.space.lg};

  svg {
    color: ${theme.colors.textMuted};
  }
`;

const Text = styled.p`
  ${stripText}
  min-width: 10em;
`;

const Decline = styled.button`
  min-height: ${theme.sizes.touchPx}px;
  padding: 0 ${theme.space.md};
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;
`;

const Accept = styled(Decline)`
  border-color: ${theme.colors.primary};
  background: ${theme.colors.primary};
  color: ${theme.colors.primaryText};
`;
