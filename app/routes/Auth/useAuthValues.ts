import { useState } from 'react';
import { EMPTY_LOGIN, type LoginValues } from './LoginForm';
import { EMPTY_SIGN_UP, type SignUpValues } from './SignUpForm';

/**
 * What she has typed in the log-in and sign-up forms, kept by the page or modal that holds
 * both tabs so it survives a switch and back. The email is one: typed in either form, it is in
 * the other when she switches; passwords stay with their own form.
 */
export function useAuthValues() {
  const [login, setLogin] = useState<LoginValues>(EMPTY_LOGIN);
  const [signUp, setSignUp] = useState<SignUpValues>(EMPTY_SIGN_UP);
  return {
    login,
    signUp,
    setLogin: (values: LoginValues) => {
      setLogin(values);
      setSignUp((other) => ({ ...other, email: values.email }));
    },
    setSignUp: (values: SignUpValues) => {
      setSignUp(values);
      setLogin((other) => ({ ...other, email: values.email }));
    },
  };
}
