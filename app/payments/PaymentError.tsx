/** A failed payment's words, inline above the pay button, read out when they appear. */
export function PaymentError({ message }: { message: string }) {
  return (
    <p className="payment-form__error" role="alert">
      {message}
    </p>
  );
}
