import { useLingui } from '@lingui/react/macro';
import { EMPLOYMENT_STATUSES } from '../../../common/validation';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { employmentLabels } from '../shared/kyc-labels';
import type { KycFields } from './kyc-fields';

/** Step 3: employment status and annual income. */
export function KycStepIncome({ fields }: { fields: KycFields }) {
  const { i18n, t } = useLingui();
  return (
    <>
      <SelectField label={t`Employment status`} {...fields.bind('employmentStatus')}>
        <option value="">{t`Select your employment status`}</option>
        {EMPLOYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {i18n._(employmentLabels[status])}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t`Annual income`}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        autoComplete="off"
        {...fields.bind('annualIncome')}
      />
    </>
  );
}
