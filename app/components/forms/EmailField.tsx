import type { ComponentProps } from 'react';
import { TextField } from '../ui/TextField';

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'name' | 'label' | 'type'>;

/** The 'Email' field every account form uses, set up for phone keyboards and autofill. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      name="email"
      label="Email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@example.com"
      {...props}
    />
  );
}
