import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EmploymentStatus, KycDocumentType } from '../../../common/validation';

/** The employment statuses as shown; the English values are what the server stores. */
export const employmentLabels: Record<EmploymentStatus, MessageDescriptor> = {
  Employed: msg`Employed`,
  'Self-employed': msg`Self-employed`,
  Unemployed: msg`Unemployed`,
  Student: msg`Student`,
  Retired: msg`Retired`,
};

export const documentTypeLabels: Record<KycDocumentType, MessageDescriptor> = {
  ID: msg`ID Card`,
  Passport: msg`Passport`,
  DL: msg`Driver's License`,
};

/** The label of a stored value, or the value itself when it is not one we know. */
export function labelOf<K extends string>(
  i18n: I18n,
  labels: Record<K, MessageDescriptor>,
  value: string,
): string {
  const label = (labels as Record<string, MessageDescriptor | undefined>)[value];
  return label ? i18n._(label) : value;
}

/**
 * A country's name in the active language, from the browser's own data (no list to
 * translate). The spec's list says UK where ISO 3166 says GB.
 */
export function countryName(locale: string, code: string): string {
  try {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    return names.of(code === 'UK' ? 'GB' : code) ?? code;
  } catch {
    return code;
  }
}
