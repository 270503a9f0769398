import type { ComponentProps } from 'react';
import { PASSWORD_MIN_LENGTH } from '@shared/validation';
import { TextField } from '../ui/TextField';

/**
 * What the field is for. Her password manager goes by `autoComplete`: it fills her saved
 * password into a 'current' field and offers a strong one for a 'new' field and its 'confirm'.
 */
const KINDS = {
  current: { label: 'Password', autoComplete: 'current-password', placeholder: 'Your password' },
  new: {
    label: 'Password',
    autoComplete: 'new-password',
    placeholder: `At least ${PASSWORD_MIN_LENGTH} characters`,
  },
  confirm: {
    label: 'Confirm Password',
    autoComplete: 'new-password',
    placeholder: 'Type it again',
  },
} as const;

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'label'> & {
  kind?: keyof typeof KINDS;
  /** Its label, when it is not the kind's own ('New Password'). */
  label?: string;
};

/** A password field of every account form: her current one, a new one, or that new one again. */
export function PasswordField({ kind = 'current', ...props }: PasswordFieldProps) {
  return <TextField type="password" {...KINDS[kind]} {...props} />;
}
