import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { CLAIM_QUERY, claimMessages } from '@shared/claims';
import { PERSONAS } from '@shared/personas';
import { FREE_CHAT_IS } from '@shared/plans';
import { BrandLink } from '../../components/BrandLink';
import { PersonaAvatar } from '../../components/ui/PersonaAvatar';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useUserStore } from '../../state/useUserStore';
import { destinationAfterAuth, initialTab, type AuthTab } from './authQuery';
import { ClaimPurchase } from './ClaimPurchase';
import { LoginForm } from './LoginForm';
import { SignUpForm } from './SignUpForm';
import { useAuthValues } from './useAuthValues';
import './auth.css';

/**
 * /auth: log in or sign up (spec §2, §4, §5, §8). With `?claim=<token>` (the link mailed for
 * a purchase paid without an account) the purchase is added to the account she is signed in to,
 * or signs up or logs in to here.
 */
export function AuthPage() {
  const [params] = useSearchParams();
  const user = useUserStore((state) => state.user);
  const [tab, setTab] = useState<AuthTab>(() => initialTab(params));
  const [switched, setSwitched] = useState(false);
  // Kept here so what she typed survives a switch to the other tab and back.
  const values = useAuthValues();
  useDocumentTitle(tab === 'login' ? 'Log in' : 'Sign up');

  const claim = params.get(CLAIM_QUERY);
  if (user && claim)
    return <ClaimPurchase token={claim} destination={destinationAfterAuth(params)} />;
  if (user) return <Navigate replace to={destinationAfterAuth(params)} />;

  function changeTab(value: string) {
    setTab(value === 'signup' ? 'signup' : 'login');
    setSwitched(true);
  }

  return (
    <div className="auth-page">
      <main className="card auth-card">
        <div className="auth-card__faces" aria-hidden="true">
          {PERSONAS.map((persona) => (
            <PersonaAvatar key={persona.id} persona={persona} size={44} />
          ))}
        </div>
        <h1 className="auth-card__title">
          <BrandLink className="auth-card__home" />
        </h1>
        <p className="auth-card__subtitle">
          Your besties are waiting to hear everything. Come spill the tea.
        </p>
        {claim && (
          <p className="auth-claim" role="note">
            {claimMessages.willBeAdded}
          </p>
        )}
        <Tabs value={tab} onValueChange={changeTab} activationMode="manual" className="auth-tabs">
          <TabsList aria-label="Log in or sign up">
            <TabsTrigger value="login">Log In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm values={values.login} onChange={values.setLogin} focusEmail={switched} />
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm values={values.signUp} onChange={values.setSignUp} focusEmail={switched} />
            <p className="auth-free">{FREE_CHAT_IS}</p>
          </TabsContent>
        </Tabs>
        <p className="auth-card__legal">
          By continuing you agree to our <Link to="/terms">Terms</Link> and{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </main>
    </div>
  );
}
