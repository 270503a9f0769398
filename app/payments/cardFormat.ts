/** '4242424242424242' -> '4242 4242 4242 4242', as she types (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' -> '12 / 34'; a lone first digit above 1 becomes '0N / '. */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the separator deletes the digit before it, so backspace never gets stuck.
  if (value.length < previous.length && previous.endsWith(' / ') && digits.length === 2) {
    return digits.slice(0, 1);
  }
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
