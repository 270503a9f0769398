import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChatSummary } from '@shared/chat';
import { apiJson } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { useUserStore } from '../../state/useUserStore';

const REDIRECT_TOAST_MS = 3000;

/** The most recently updated chat, if any. */
export function latestChat(chats: Pick<ChatSummary, 'id' | 'updatedAt'>[]) {
  let latest: Pick<ChatSummary, 'id' | 'updatedAt'> | undefined;
  for (const chat of chats) {
    if (!latest || Date.parse(chat.updatedAt) > Date.parse(latest.updatedAt)) latest = chat;
  }
  return latest;
}

/** The chats she deleted on this device that the server may still list (none if unreadable). */
function deletedHere(): Promise<Set<string>> {
  return import('../../db/deletedHere')
    .then(({ chatsBeingDeleted }) => chatsBeingDeleted())
    .catch(() => new Set<string>());
}

/**
 * Where a signed-in visitor of the landing page goes, and the toast she sees (spec §2). A chat
 * she deleted is never restored, even while its deletion waits in the outbox (offline, or
 * before the next sync): deleting the open chat brings her here.
 */
export async function signedInDestination(): Promise<{ path: string; title: string }> {
  try {
    // Read before asking the server: a deletion leaves the outbox only once the server has
    // taken it, so each chat she deleted is either still listed here or gone from its answer.
    const deleted = await deletedHere();
    const chats = await apiJson<ChatSummary[]>('GET', '/api/chats');
    const remaining = Array.isArray(chats) ? chats.filter((chat) => !deleted.has(chat.id)) : [];
    const latest = latestChat(remaining);
    if (latest) {
      return {
        path: `/chat/${encodeURIComponent(latest.id)}`,
        title: "Welcome back! We've restored your last conversation",
      };
    }
    return { path: '/chat', title: "Welcome! Let's start chatting with your bestie" };
  } catch {
    return { path: '/chat', title: "Let's start fresh! Your bestie is ready to chat" };
  }
}

/** Sends a signed-in user from the landing page to her latest chat. */
export function useSignedInRedirect(): void {
  const navigate = useNavigate();
  const signedIn = useUserStore((state) => state.user !== null);
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    void signedInDestination().then(({ path, title }) => {
      // She may have logged out meanwhile (logout passes through this page on its way home).
      if (cancelled || !useUserStore.getState().user) return;
      toast({ title, duration: REDIRECT_TOAST_MS });
      navigate(path, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn, navigate]);
}
