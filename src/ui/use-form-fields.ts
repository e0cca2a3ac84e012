import { useState, type FormEvent } from 'react';
import { focusFirstInvalid } from './focus-first-invalid';

/**
 * The state every form of text fields keeps: the values; which fields were left, because a
 * field's own problem shows only once it was left or the form was submitted, not while its
 * first characters are typed; and what the server refused, shown under the field it names
 * until that field is edited again, or above the form's button (`formError`) until the form
 * clears it (`clearRefusals`, as it is sent again). `fields` lists the fields top to bottom
 * (where the cursor goes after a refused submit); they start empty unless `initial` gives
 * their values. `validate` finds the problems of the values and `describe` gives a
 * problem's text. `onEdit` runs on every edit with the field's new text, e.g. to drop a
 * form-wide error.
 */
export function useFormFields<F extends string, P>({
  fields,
  initial,
  validate,
  describe,
  onEdit,
}: {
  fields: readonly F[];
  initial?: Record<F, string> | (() => Record<F, string>);
  validate: (values: Record<F, string>) => Partial<Record<F, NoInfer<P>>>;
  describe: (problem: P) => string;
  onEdit?: (field: F, text: string) => void;
}) {
  const [values, setValues] = useState(initial ?? (() => blankValues(fields)));
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [refusals, setRefusals] = useState<Partial<Record<F, P>>>({});
  const [formRefusal, setFormRefusal] = useState<{ problem: P } | null>(null);
  const errors = validate(values);

  /** The text under a field: its own problem once shown, else the server's refusal. */
  const errorOf = (field: F): string | undefined => {
    const problem = (submitted || touched[field] ? errors[field] : undefined) ?? refusals[field];
    return problem === undefined ? undefined : describe(problem);
  };

  /** A TextField's props for `field`; `transform` rewrites what is typed (e.g. upper case). */
  const bind = (field: F, transform: (text: string) => string = (text) => text) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      const text = transform(event.target.value);
      setValues((current) => ({ ...current, [field]: text }));
      setRefusals(({ [field]: _edited, ...others }) => others as Partial<Record<F, P>>);
      onEdit?.(field, text);
    },
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: errorOf(field),
  });

  /**
   * Marks the form submitted and puts the cursor in the first field with a problem; true
   * when there is none and the form may be sent.
   */
  const check = (event: FormEvent<HTMLFormElement>): boolean => {
    event.preventDefault();
    setSubmitted(true);
    focusFirstInvalid(event.currentTarget, fields, errors);
    return Object.keys(errors).length === 0;
  };

  /** Shows the server's refusal under `field` when it is one of the form's, else above the button. */
  const refuse = (field: string | undefined, problem: P) => {
    const own = fields.find((name) => name === field);
    if (own === undefined) setFormRefusal({ problem });
    else setRefusals((current) => ({ ...current, [own]: problem }));
  };

  const clearRefusals = () => {
    setRefusals({});
    setFormRefusal(null);
  };

  /** A fresh form, empty or with `next` in its fields (after a save: what the server keeps). */
  const reset = (next: Record<F, string> = blankValues(fields)) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    clearRefusals();
  };

  return {
    values,
    bind,
    errorOf,
    check,
    refuse,
    clearRefusals,
    formError: formRefusal === null ? undefined : describe(formRefusal.problem),
    reset,
  };
}

/** Every field of `fields` empty. */
function blankValues<F extends string>(fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((field) => [field, ''])) as Record<F, string>;
}
