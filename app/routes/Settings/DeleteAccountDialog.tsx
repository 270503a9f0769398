import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { deleteAccountMessages } from '@shared/account';
import { deleteAccountSchema, type DeleteAccountBody } from '@shared/account-schema';
import { tierLabel, type PublicUser } from '@shared/user';
import '../../components/dialogs.css';
import { useZodForm } from '../../components/forms/useZodForm';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { clearLocalData } from '../../db/chats';
import { deleteAccount } from '../../http/account';
import { ApiError, failureOf, fieldErrorsFromApi, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { setUser, useUserStore } from '../../state/useUserStore';
import './account.css';

/** What she types: the schema takes only the word DELETE, the field holds any text. */
interface Values {
  password: string;
  confirm: string;
}

const EMPTY: Values = { password: '', confirm: '' };

/** 'Delete my account' and its dialog: her password again and the word DELETE. */
export function DeleteAccountDialog() {
  const user = useUserStore((state) => state.user);
  const [open, setOpen] = useState(false);
  // When she opened it: a plan that has run out by then is not named.
  const [openedAt, setOpenedAt] = useState(0);
  const [busy, setBusy] = useState(false);
  const password = useRef<HTMLInputElement>(null);

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : setOpen(next))}>
      <button
        type="button"
        className="btn btn--danger btn--block"
        aria-haspopup="dialog"
        onClick={() => {
          setOpenedAt(Date.now());
          setOpen(true);
        }}
      >
        Delete my account
      </button>
      <DialogContent
        className="delete-account"
        title="Delete your account?"
        description="Everything of yours is erased at once. This cannot be undone."
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          password.current?.focus();
        }}
      >
        <PlanLeft user={user} now={openedAt} />
        <ul className="prose-list delete-account__list">
          <li>Your chats and every message in them</li>
          <li>Your screenshots, with their text and analyses</li>
          <li>Your profile: name, picture, age range and location</li>
          <li>Every device signed in to your account, and any password-reset links</li>
        </ul>
        <p className="delete-account__note">
          Purchase records are kept, as the law requires, without your chats. You can sign up again
          with the same email later. Want a copy first? Use 'Download my data'.
        </p>
        <DeleteAccountForm passwordRef={password} busy={busy} onBusy={setBusy} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Time left on a plan is lost with the account: the dialog names the plan and when it
 * would have ended, before she confirms. Nothing when she is free or her plan has run out.
 */
function PlanLeft({ user, now }: { user: PublicUser | null; now: number }) {
  if (!user || user.subscriptionTier === 'free') return null;
  const plan = tierLabel(user.subscriptionTier);
  const endsAt = user.subscriptionEndsAt ? new Date(user.subscriptionEndsAt) : null;
  if (endsAt && endsAt.getTime() <= now) return null;
  const until = endsAt
    ? `until ${new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(endsAt)}`
    : 'for life';
  return (
    <p className="delete-account__plan">
      <strong>
        You have {plan} {until}.
      </strong>{' '}
      Deleting your account ends it now, and the time left on it is lost.
    </p>
  );
}

interface FormProps {
  passwordRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  onBusy: (busy: boolean) => void;
}

/** Inside the dialog, so it starts empty each time the dialog opens. */
function DeleteAccountForm({ passwordRef, busy, onBusy }: FormProps) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm<Values, DeleteAccountBody>(deleteAccountSchema, EMPTY);
  const [password, confirm] = useWatch({ control: form.control, name: ['password', 'confirm'] });
  const ready = password !== '' && confirm === 'DELETE';
  const passwordField = form.field('password');

  const send = form.onSubmit(async (body) => {
    onBusy(true);
    try {
      await deleteAccount(body);
    } catch (error) {
      onBusy(false);
      const fieldErrors = refusalOf(error);
      if (Object.keys(fieldErrors).length > 0) form.showServerErrors(fieldErrors);
      else setProblem(problemOf(error));
      return;
    }
    toast(deleteAccountMessages.deleted);
    // As Log out does: leave the guarded page first (synchronously), so clearing the user
    // cannot send her to /auth, then take everything of hers off this device.
    await navigate('/', { replace: true, flushSync: true });
    setUser(null);
    await clearLocalData();
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    setProblem(null);
    send(event);
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        id="delete-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...passwordField}
        inputRef={(element) => {
          passwordField.inputRef(element);
          passwordRef.current = element;
        }}
        disabled={busy}
      />
      <TextField
        id="delete-confirm"
        label="Type DELETE to confirm"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...form.field('confirm')}
        disabled={busy}
      />
      {problem && (
        <p className="field__error delete-account__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="dialog__actions dialog__actions--row">
        <DialogClose className="btn btn--secondary" disabled={busy}>
          Cancel
        </DialogClose>
        <button type="submit" className="btn btn--danger-solid" disabled={!ready || busy}>
          {busy ? 'Deleting...' : 'Delete account'}
        </button>
      </div>
    </form>
  );
}

/** A refusal that belongs under a field: the wrong password (403), or a 400's field errors. */
function refusalOf(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.status === 403) {
    return { password: userMessageOf(error, deleteAccountMessages.wrongPassword) };
  }
  if (error instanceof ApiError && error.status === 400) return fieldErrorsFromApi(error);
  return {};
}

function problemOf(error: unknown): string {
  const failure = failureOf(error);
  if (failure.kind === 'offline') {
    return "You're offline. Connect to the internet to delete your account.";
  }
  if (error instanceof ApiError && error.status === 429) {
    return userMessageOf(error, 'Too many tries. Please wait a few minutes and try again.');
  }
  if (failure.kind === 'signed-out') {
    return 'You are signed out. Log in again to delete your account.';
  }
  if (failure.kind === 'server') return deleteAccountMessages.failed.description;
  return userMessageOf(error, deleteAccountMessages.failed.description);
}
