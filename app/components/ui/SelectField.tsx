import type { Ref, SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  id: string;
  name: string;
  label: string;
  /** The choices, value and text; `''` is the "none" choice. */
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The field's problem, shown under it and tied to it for screen readers. */
  error?: string;
  inputRef?: Ref<HTMLSelectElement>;
}

/** A native select with its label and error, laid out as TextField. */
export function SelectField({
  id,
  label,
  options,
  error,
  inputRef,
  ...selectProps
}: SelectFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        ref={inputRef}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
