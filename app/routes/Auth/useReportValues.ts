import { useEffect } from 'react';
import type { FieldValues, UseFormGetValues, UseFormWatch } from 'react-hook-form';

/**
 * Hands what she types in a form to the page or modal that keeps it (useAuthValues), so it
 * survives a switch of tab: the form starts from those values and reports each change back.
 */
export function useReportValues<Values extends FieldValues>(
  form: { watch: UseFormWatch<Values>; getValues: UseFormGetValues<Values> },
  onChange: (values: Values) => void,
) {
  const { watch, getValues } = form;
  useEffect(() => {
    const subscription = watch(() => onChange(getValues()));
    return () => subscription.unsubscribe();
  }, [watch, getValues, onChange]);
}
