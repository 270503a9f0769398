import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { displayName, type PublicUser } from '@shared/user';
import { afterScreenDrawn } from '../../components/afterScreen';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import { IconTooltip } from '../../components/ui/IconTooltip';
import { Spinner } from '../../components/ui/Spinner';
import { UserAvatar } from '../../components/ui/UserAvatar';
import { chatsNewestFirst } from '../../db/chats';
import type { LocalChat } from '../../db/db';
import { settledSelector, useSyncStore } from '../../sync/useSyncStore';
import { removeChat } from './chatActions';
import { GearIcon, PlusIcon } from './icons';

interface SidebarProps {
  user: PublicUser | null;
  openChatId: string | undefined;
  onNewChat: () => void;
  /** A link was followed (the mobile drawer closes). */
  onNavigate: () => void;
}

/** 'Delete chat?', asked only once she presses a chat's delete button: fetched once the chat is
 * drawn, no part of its first load. */
const confirmDialog = lazyModule(() => import('../../components/ui/ConfirmDialog'));

/** Her chats' rows, or what stands in for them (EmptyHistory), and the search field: asked for
 * as the list is read from the device (which is never there by the first paint either), no
 * part of the screen's first load. */
const chatRows = lazyModule(() => import('./sidebarParts'));

/** Her picture beside her name (inline: chat.css lays out the footer, this is its one row). */
/** Her chat history (spec §2), the same in the desktop column and the mobile drawer. */
export function Sidebar({ user, openChatId, onNewChat, onNavigate }: SidebarProps) {
  const navigate = useNavigate();
  const chats = useLiveQuery(chatsNewestFirst, []);
  const rows = useLazyModule(chatRows, { now: true });
  const settled = useSyncStore(settledSelector);
  const [toDelete, setToDelete] = useState<LocalChat | null>(null);
  const confirm = useLazyModule(confirmDialog, { now: toDelete !== null, later: afterScreenDrawn });

  async function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    await removeChat(id);
    if (id === openChatId) await navigate('/');
  }

  return (
    <nav className="sidebar" aria-label="Chat history">
      <div className="sidebar__top">
        <h2 className="sidebar__heading">Your Chats</h2>
        <button type="button" className="btn btn--primary btn--block" onClick={onNewChat}>
          <PlusIcon /> New Chat
        </button>
      </div>
      {rows && <rows.SearchBox onOpen={onNavigate} />}
      {chats && chats.length > 0 ? (
        <ul className="chat-list">
          {rows &&
            chats.map((chat) => (
              <rows.ChatListItem
                key={chat.id}
                chat={chat}
                onDelete={setToDelete}
                onOpen={onNavigate}
              />
            ))}
        </ul>
      ) : user && !settled ? (
        // Her first sync on this device is still bringing her chats: not "no tea" yet.
        <Spinner label="Loading chats" />
      ) : (
        rows && <rows.EmptyHistory />
      )}
      <div className="sidebar__bottom">
        <Link to="/privacy" className="sidebar__privacy" onClick={onNavigate}>
          Privacy Policy
        </Link>
        {user ? (
          <div className="sidebar__user">
            <span className="sidebar__identity">
              <UserAvatar user={user} size={32} />
              <span className="sidebar__name">{displayName(user)}</span>
            </span>
            <IconTooltip>
              <Link
                to="/settings"
                className="icon-button"
                aria-label="Settings"
                onClick={onNavigate}
              >
                <GearIcon />
              </Link>
            </IconTooltip>
          </div>
        ) : (
          <Link to="/auth?mode=login" className="btn btn--secondary btn--block">
            Log In
          </Link>
        )}
      </div>
      {confirm && (
        <confirm.ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(open) => !open && setToDelete(null)}
          title="Delete chat?"
          description="This conversation will be deleted for good. This can't be undone."
          confirmLabel="Delete"
          onConfirm={() => void confirmDelete()}
        />
      )}
    </nav>
  );
}
