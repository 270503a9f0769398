import { HelpButton } from './HelpButton';

/** `onNewChat` is the screen's own: a visitor's new chat is Cassie's (bestie=cassie). */
export function ChatNotFound({ onNewChat }: { onNewChat: () => void }) {
  return (
    <div className="chat-not-found">
      <h2>Chat Not Found</h2>
      <p>
        This chat may have been deleted or doesn&apos;t exist. You can start a new conversation.
      </p>
      <button type="button" className="btn btn--primary" onClick={onNewChat}>
        Start a New Chat
      </button>
      {/* Help is one tap away on every chat screen. */}
      <HelpButton />
    </div>
  );
}
