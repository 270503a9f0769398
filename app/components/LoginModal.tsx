import './dialogs.css';
import { useEffect, useState } from 'react';
import { FREE_CHAT_IS } from '@shared/plans';
import type { HelpSituation } from '@shared/safety/resources';
import { HelpCard } from '../routes/Chat/HelpCard';
import { LoginForm } from '../routes/Auth/LoginForm';
import { SignUpForm } from '../routes/Auth/SignUpForm';
import { useAuthValues } from '../routes/Auth/useAuthValues';
import { forgetLockedData } from '../db/sessionLock';
import { toast } from '../state/useToastStore';
import { useUserStore } from '../state/useUserStore';
import { Dialog, DialogContent } from './ui/Dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/Tabs';

// Needed only once she is in: loaded with the modal rather than as a chunk of its own.
export { chatForHeldWords } from '../routes/Chat/heldWords';

type ModalTab = 'login' | 'signup';

interface LoginModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** She is in: the modal closes itself. */
  onSignedIn: () => void;
  /**
   * Her held words read as a crisis: real help comes first, above the forms, with
   * the help in this order; null otherwise.
   */
  help?: HelpSituation | null;
}

/** 'Continue chatting with Cassie' (spec §2): a visitor logs in or signs up without leaving. */
export function LoginModal({ open, onOpenChange, onSignedIn, help = null }: LoginModalProps) {
  const [tab, setTab] = useState<ModalTab>('signup');
  // What she typed survives a switch of tab, and her email goes with her.
  const values = useAuthValues();

  // A visitor starts chatting (the modal opens as she sends or attaches): the data of anyone
  // whose session ended on this device is wiped first, as the log-out button does.
  useEffect(() => {
    if (open) void forgetLockedData();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    // The shared forms set the user when they succeed; that is our signal she is in.
    return useUserStore.subscribe((state, previous) => {
      if (!state.user || previous.user) return;
      // Spec §8's words for the modal; the form's own toast (the /auth page's) gives way to it.
      toast(
        tab === 'login'
          ? { title: 'Welcome back!', description: "You've successfully logged in." }
          : {
              title: 'Account created!',
              description: 'Your account has been created successfully.',
            },
      );
      onOpenChange(false);
      onSignedIn();
    });
  }, [open, tab, onOpenChange, onSignedIn]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Continue chatting with Cassie" className="login-modal">
        {help && <HelpCard situation={help} />}
        <Tabs
          value={tab}
          onValueChange={(value) => setTab(value === 'login' ? 'login' : 'signup')}
          activationMode="manual"
        >
          <TabsList aria-label="Log in or sign up">
            <TabsTrigger value="login">Log In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up Free</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm values={values.login} onChange={values.setLogin} focusEmail />
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm values={values.signUp} onChange={values.setSignUp} focusEmail />
            <p className="auth-free">{FREE_CHAT_IS}</p>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
