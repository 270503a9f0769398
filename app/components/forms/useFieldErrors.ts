import { useState } from 'react';
import { flushSync } from 'react-dom';

export type FieldErrors = Record<string, string>;

/**
 * A form's field errors: shown under each field, cleared as she edits that field, and on a
 * failed submit the first invalid field (in form order) takes the focus.
 *
 * Only the Log In and Sign Up forms still use it, until they move to useZodForm (issue 43),
 * which does all of this for a form: write new forms with useZodForm.
 */
export function useFieldErrors(order: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});

  function clear(field: string) {
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  function show(form: HTMLFormElement, fields: FieldErrors) {
    flushSync(() => setErrors(fields));
    const first = order.find((name) => fields[name]);
    const input = first ? form.elements.namedItem(first) : null;
    if (input instanceof HTMLInputElement) input.focus();
  }

  return { errors, clear, show, reset: () => setErrors({}) };
}
