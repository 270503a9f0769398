import { useNavigate } from 'react-router-dom';
import { HelpButton } from './HelpButton';

export function ChatNotFound() {
  const navigate = useNavigate();
  return (
    <div className="chat-not-found">
      <h2>Chat Not Found</h2>
      <p>
        This chat may have been deleted or doesn&apos;t exist. You can start a new conversation.
      </p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => void navigate(`/chat?new=${Date.now()}`)}
      >
        Start a New Chat
      </button>
      {/* Help is one tap away on every chat screen (issue 36). */}
      <HelpButton />
    </div>
  );
}
