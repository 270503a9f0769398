import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormProps,
} from 'react-hook-form';
import type { z } from 'zod';

/** What the form sets itself: validation is the schema's, on submit, as every form does. */
type OwnOptions = 'resolver' | 'defaultValues' | 'mode' | 'reValidateMode' | 'shouldFocusError';

/** The props of one field for TextField, EmailField or SelectField. */
export interface FieldProps {
  name: string;
  onChange: (event: { target: unknown; type?: unknown }) => unknown;
  onBlur: (event: { target: unknown; type?: unknown }) => unknown;
  inputRef: (element: HTMLInputElement | HTMLSelectElement | null) => void;
  /** The field's problem, shown under it (aria-invalid and aria-describedby follow it). */
  error: string | undefined;
}

/**
 * A form checked with a shared zod schema (CONTRIBUTING.md §7), on react-hook-form. Every form
 * behaves the same way:
 * - nothing is checked until she submits; then each problem shows under its field;
 * - a field's problem goes away as soon as she edits that field (it is checked again on the
 *   next submit, not while she types);
 * - on a refused submit, the first invalid field on screen takes the focus, once the errors
 *   are shown, so a screen reader reads it with its error;
 * - the server's field errors (`fieldErrorsFromApi`) show and take the focus the same way.
 *
 * Submit handlers receive the schema's output (trimmed, normalised): what the server expects.
 * `defaultValues` are what the fields hold (strings; a select's '' for none); `options` are
 * any other useForm option: ProfileForm passes `values` to follow her account under her edits.
 * A field's extra props (id, label, autoComplete, disabled...) go beside `{...form.field(name)}`.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, OwnOptions> = {},
) {
  const form = useForm<Input, unknown, Output>({
    ...options,
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    // Errors clear as she edits (below) rather than being checked again at each key.
    reValidateMode: 'onSubmit',
    // Focused below, after the errors are on screen, in the order she sees the fields.
    shouldFocusError: false,
  });
  const { clearErrors, getFieldState, handleSubmit, register, setError } = form;
  const inputs = useRef(new Map<string, HTMLElement>());
  const [focusAsked, setFocusAsked] = useState(0);

  useLayoutEffect(() => {
    if (focusAsked === 0) return;
    const invalid = [...inputs.current]
      .filter(([name]) => getFieldState(name as Path<Input>).error)
      .map(([, element]) => element);
    firstOnScreen(invalid)?.focus();
  }, [focusAsked, getFieldState]);

  const askFocus = () => setFocusAsked((asked) => asked + 1);

  /** Spread on a TextField, EmailField or SelectField: value, changes, focus and error. */
  function field(name: Path<Input>): FieldProps {
    const { ref, onChange, onBlur } = register(name, {
      onChange: () => {
        if (getFieldState(name).error) clearErrors(name);
      },
    });
    return {
      name,
      onChange,
      onBlur,
      inputRef: (element) => {
        ref(element);
        if (element) inputs.current.set(name, element);
        else inputs.current.delete(name);
      },
      error: getFieldState(name, form.formState).error?.message,
    };
  }

  /**
   * The form's onSubmit: checks the values with the schema, then calls `send` with the
   * schema's output. A second submit while one is being sent is ignored. `refused`, if
   * given, runs when the schema refuses the values (after the errors are set): a form that
   * also toasts about them (Log In, Sign Up) says so there.
   */
  function onSubmit(send: SubmitHandler<Output>, refused?: (values: Input) => void) {
    const submit = handleSubmit(send, () => {
      askFocus();
      refused?.(form.getValues());
    });
    return (event?: BaseSyntheticEvent) => {
      if (form.formState.isSubmitting) {
        event?.preventDefault();
        return;
      }
      void submit(event);
    };
  }

  /**
   * Shows the server's field errors (field name -> message) under the fields of this form,
   * and puts the focus on the first of them. Errors of fields not on screen are left out.
   */
  function showServerErrors(errors: Record<string, string>) {
    const shown = Object.entries(errors).filter(([name]) => inputs.current.has(name));
    for (const [name, message] of shown) {
      setError(name as Path<Input>, { type: 'server', message });
    }
    if (shown.length > 0) askFocus();
  }

  return { ...form, field, onSubmit, showServerErrors, submitting: form.formState.isSubmitting };
}

function firstOnScreen(elements: HTMLElement[]): HTMLElement | undefined {
  return elements.sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  )[0];
}
