import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { displayName, type PublicUser } from '@shared/user';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import { IconButton } from '../../components/ui/IconButton';
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

/** Her chats' rows, or what stands in for them (EmptyHistory), the search field and 'Delete
 * chat?': asked for as the list is read from the device (which is never there by the first
 * paint either), no part of the screen's first load. */
const chatRows = lazyModule(() => import('./sidebarParts'));

/** Her picture beside her name (inline: chat.css lays out the footer, this is its one row). */
/** Her chat history (spec §2), the same in the desktop column and the mobile drawer. */
export function Sidebar({ user, openChatId, onNewChat, onNavigate }: SidebarProps) {
  const navigate = useNavigate();
  const chats = useLiveQuery(chatsNewestFirst, []);
  const rows = useLazyModule(chatRows, { now: true });
  const settled = useSyncStore(settledSelector);
  const [toDelete, setToDelete] = useState<LocalChat | null>(null);

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
            <IconButton label="Settings" to="/settings" onClick={onNavigate}>
              <GearIcon />
            </IconButton>
          </div>
        ) : (
          <Link to="/auth?mode=login" className="btn btn--secondary btn--block">
            Log In
          </Link>
        )}
      </div>
      {rows && (
        <rows.DeleteChatDialog
          open={toDelete !== null}
          onClose={() => setToDelete(null)}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </nav>
  );
}
