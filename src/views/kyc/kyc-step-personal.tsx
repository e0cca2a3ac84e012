import { useLingui } from '@lingui/react/macro';
import { KYC_EARLIEST_DATE_OF_BIRTH } from '../../../common/validation';
import { TextField } from '../../ui/text-field';
import type { KycFields } from './kyc-fields';

/** Step 1: names and date of birth, which may not be after `today` (the device's date). */
export function KycStepPersonal({ fields, today }: { fields: KycFields; today: string }) {
  const { t } = useLingui();
  return (
    <>
      <TextField label={t`First name`} autoComplete="given-name" {...fields.bind('firstName')} />
      <TextField
        label={t`Middle name (optional)`}
        autoComplete="additional-name"
        {...fields.bind('middleName')}
      />
      <TextField label={t`Last name`} autoComplete="family-name" {...fields.bind('lastName')} />
      <TextField
        label={t`Date of Birth`}
        type="date"
        autoComplete="bday"
        min={KYC_EARLIEST_DATE_OF_BIRTH}
        max={today}
        {...fields.bind('dateOfBirth')}
      />
    </>
  );
}
