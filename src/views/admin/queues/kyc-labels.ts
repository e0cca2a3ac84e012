import { useLingui } from '@lingui/react/macro';
import {
  countryName,
  documentTypeLabels,
  employmentLabels,
  labelOf,
} from '../../shared/kyc-labels';

/** The KYC form's stored values as the admin reads them, in the active language. */
export function useKycLabels() {
  const { i18n } = useLingui();
  return {
    documentType: (value: string) => labelOf(i18n, documentTypeLabels, value),
    employment: (value: string) => labelOf(i18n, employmentLabels, value),
    country: (code: string) => countryName(i18n.locale, code),
  };
}
