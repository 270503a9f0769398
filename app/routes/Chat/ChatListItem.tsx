import { memo } from 'react';
import { NavLink } from 'react-router-dom';
import { IconTooltip } from '../../components/ui/IconTooltip';
import type { LocalChat } from '../../db/db';
import { chatDateLabel } from './chatDate';
import { TrashIcon } from './icons';

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
      <IconTooltip>
        <button
          type="button"
          className="icon-button chat-list__delete"
          aria-label="Delete chat"
          onClick={() => onDelete(chat)}
        >
          <TrashIcon />
        </button>
      </IconTooltip>
    </li>
  );
}
