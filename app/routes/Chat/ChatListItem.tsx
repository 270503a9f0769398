import { useLiveQuery } from 'dexie-react-hooks';
import { memo } from 'react';
import { NavLink } from 'react-router-dom';
import { Icon } from '../../components/ui/Icon';
import { IconButton } from '../../components/ui/IconButton';
import { lockedHere } from '../../db/chats';
import type { LocalChat } from '../../db/db';
import { chatDateLabel } from './chatDate';

interface ChatListItemProps {
  chat: LocalChat;
  onDelete: (chat: LocalChat) => void;
  onOpen: () => void;
}

const titleOf = (chat: LocalChat) => chat.title || `Chat with ${chat.persona.name}`;
const whenOf = (chat: LocalChat) => chat.updatedAt || chat.timestamp;

/**
 * One chat in her history. Drawn again only when what it shows changes: the list is read
 * again on every write to a chat (each page of a first sync brings every chat anew, as new
 * objects), and a long history is a thousand rows.
 */
export const ChatListItem = memo(
  ChatListItemRow,
  (before, after) =>
    before.chat.id === after.chat.id &&
    titleOf(before.chat) === titleOf(after.chat) &&
    before.chat.persona.name === after.chat.persona.name &&
    whenOf(before.chat) === whenOf(after.chat) &&
    before.onDelete === after.onDelete &&
    before.onOpen === after.onOpen,
);

function ChatListItemRow({ chat, onDelete, onOpen }: ChatListItemProps) {
  const title = titleOf(chat);
  return (
    <li className="chat-list__item">
      <NavLink to={`/chat/${chat.id}`} className="chat-list__link" onClick={onOpen}>
        <span className="chat-list__title">{title}</span>
        <span className="chat-list__meta">
          {chat.persona.name} · {chatDateLabel(whenOf(chat))}
        </span>
      </NavLink>
      <IconButton label="Delete chat" className="chat-list__delete" onClick={() => onDelete(chat)}>
        <TrashIcon />
      </IconButton>
    </li>
  );
}

/**
 * Her history when it holds no chat: none yet, or none shown because her session ended here
 * (her chats are locked away, db/sessionLock.ts), which it then says. Comes with the rows, no
 * part of the chat's first load.
 */
export function EmptyHistory() {
  const signedOut = useLiveQuery(lockedHere, []);
  if (signedOut === undefined) return null;
  if (signedOut) {
    return (
      <p className="sidebar__empty" role="status">
        You were signed out. Log in again to see your chats.
      </p>
    );
  }
  return (
    <div className="sidebar__empty">
      <p className="sidebar__empty-title">You haven&apos;t spilled any tea yet!</p>
      <p>Tap &quot;+ New Chat&quot; to get started.</p>
    </div>
  );
}

/** Here with the rows rather than in icons.tsx, which the chat's first load carries. */
const TrashIcon = () => (
  <Icon d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
);
