import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  name: string;
  label: string;
  /** The field's problem, shown under it and tied to it for screen readers. */
  error?: string;
  /** Extra content beside the label (a "Forgot password?" link, say). */
  labelAside?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  id,
  label,
  error,
  labelAside,
  inputRef,
  ...inputProps
}: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {labelAside}
      </div>
      <input
        {...inputProps}
        id={id}
        ref={inputRef}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
