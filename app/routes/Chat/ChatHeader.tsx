import type { PersonaRef } from '@shared/chat';
import type { HelpSituation } from '@shared/safety/resources';
import { IconButton } from '../../components/ui/IconButton';
import { PersonaAvatar } from '../../components/ui/PersonaAvatar';
import { ChatMenuButton } from './ChatMenuButton';
import { HelpButton } from './HelpButton';
import { PlusIcon } from './icons';

interface ChatHeaderProps {
  persona: PersonaRef;
  /** The chat on screen once it exists on this device (a fresh one has nothing to export). */
  chatId?: string | null;
  onNewChat: () => void;
  /** Which help 'Get help now' shows first (the chat's newest crisis, else support). */
  helpSituation?: HelpSituation;
}

/** Who she is talking to, with the plain fact that it is an AI. */
export function ChatHeader({
  persona,
  chatId = null,
  onNewChat,
  helpSituation = 'support',
}: ChatHeaderProps) {
  return (
    <header className="chat-header">
      <PersonaAvatar persona={persona} size={40} />
      <h1 className="chat-header__name">
        {persona.name}
        <span className="ai-label" title="Your bestie is an AI, not a person">
          AI
        </span>
      </h1>
      {/* Always there: help is one tap away in every chat, crisis or not. */}
      <HelpButton situation={helpSituation} />
      <IconButton label="New chat" className="chat-header__new" onClick={onNewChat}>
        <PlusIcon />
      </IconButton>
      {chatId && <ChatMenuButton chatId={chatId} />}
    </header>
  );
}
