import { INFO_LANGUAGES, type InfoLanguage, type InfoTranslations } from '../../../common/contract';

/** A method's instructions: the English text and any translations an admin gave. */
export interface MethodInfoTexts {
  info: string;
  infoTranslations?: InfoTranslations | undefined;
}

function isInfoLanguage(language: string): language is InfoLanguage {
  return (INFO_LANGUAGES as readonly string[]).includes(language);
}

/**
 * The instructions of a method in `language` (the reader's, e.g. `i18n.locale`): its own
 * translation when the admin gave one, else the English text. A method's name is not
 * translated; only its instructions are.
 */
export function methodInfo(method: MethodInfoTexts, language: string): string {
  if (!isInfoLanguage(language)) return method.info;
  const translated = method.infoTranslations?.[language]?.trim() ?? '';
  return translated !== '' ? translated : method.info;
}
