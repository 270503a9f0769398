import { NavLink } from 'react-router-dom';
import type { LocalChat } from '../../db/db';
import { chatDateLabel } from './chatDate';
import { TrashIcon } from './icons';

interface ChatListItemProps {
  chat: LocalChat;
  onDelete: (chat: LocalChat) => void;
  onOpen: () => void;
}

export function ChatListItem({ chat, onDelete, onOpen }: ChatListItemProps) {
  const title = chat.title || `Chat with ${chat.persona.name}`;
  return (
    <li className="chat-list__item">
      <NavLink to={`/chat/${chat.id}`} className="chat-list__link" onClick={onOpen}>
        <span className="chat-list__title">{title}</span>
        <span className="chat-list__meta">
          {chat.persona.name} · {chatDateLabel(chat.updatedAt || chat.timestamp)}
        </span>
      </NavLink>
      <button
        type="button"
        className="icon-button chat-list__delete"
        aria-label="Delete chat"
        title={`Delete “${title}”`}
        onClick={() => onDelete(chat)}
      >
        <TrashIcon />
      </button>
    </li>
  );
}
