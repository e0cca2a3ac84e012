/**
 * After a refused submit, puts the cursor in the first field with an error, so keyboard and
 * screen-reader users land on what needs fixing. `fieldOrder` lists the form's field names
 * top to bottom.
 */
export function focusFirstInvalid(
  form: HTMLFormElement,
  fieldOrder: readonly string[],
  invalid: Partial<Record<string, unknown>>,
): void {
  const name = fieldOrder.find((field) => invalid[field] !== undefined);
  if (!name) return;
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}
