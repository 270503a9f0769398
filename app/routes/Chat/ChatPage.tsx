import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useUserStore } from '../../state/useUserStore';
import './chat.css';

/**
 * The chat screen's shell (spec §2). The sidebar, messages, sending and uploads arrive with the
 * chat issue; this shows the frame and the empty state.
 */
export function ChatPage() {
  useDocumentTitle('Chat');
  const user = useUserStore((state) => state.user);
  return (
    <div className="chat">
      <header className="chat__bar">
        <span className="chat__title">Besties</span>
        {user ? (
          <Link to="/settings" className="btn btn--ghost">
            Settings
          </Link>
        ) : (
          <Link to="/auth?mode=login" className="btn btn--ghost">
            Log In
          </Link>
        )}
      </header>
      <main className="chat__main">
        <h1 className="visually-hidden">Chat</h1>
        <div className="chat__empty">
          <p className="chat__empty-title">No messages yet!</p>
          <p>Type a message below to start the conversation.</p>
        </div>
      </main>
      <form className="chat__input" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="chat-message" className="visually-hidden">
          Message
        </label>
        <input
          id="chat-message"
          className="field__input"
          placeholder="Message your bestie..."
          disabled
          aria-describedby="chat-coming-soon"
        />
        <button type="submit" className="btn btn--primary" disabled>
          Spill
        </button>
        <p id="chat-coming-soon" className="chat__soon">
          Chatting opens very soon.
        </p>
      </form>
    </div>
  );
}
