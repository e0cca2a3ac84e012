import { useLingui } from '@lingui/react/macro';
import { KYC_COUNTRIES } from '../../../common/validation';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { countryName } from '../shared/kyc-labels';
import type { KycFields } from './kyc-fields';

/** Step 2: the address, its country from the contract's list. */
export function KycStepAddress({ fields }: { fields: KycFields }) {
  const { i18n, t } = useLingui();
  return (
    <>
      <TextField
        label={t`Street address`}
        autoComplete="address-line1"
        {...fields.bind('street')}
      />
      <TextField label={t`City`} autoComplete="address-level2" {...fields.bind('city')} />
      <TextField
        label={t`State/Province`}
        autoComplete="address-level1"
        {...fields.bind('state')}
      />
      <TextField label={t`Postal Code`} autoComplete="postal-code" {...fields.bind('postalCode')} />
      <SelectField label={t`Country`} {...fields.bind('country')}>
        <option value="">{t`Select your country`}</option>
        {KYC_COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {countryName(i18n.locale, code)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
