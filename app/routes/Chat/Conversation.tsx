import { useEffect, useState } from 'react';
import type { PersonaRef } from '@shared/chat';
import { DEFAULT_PERSONA_ID, personaById } from '@shared/personas';
import { LoginModal } from '../../components/LoginModal';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../state/useToastStore';
import { useUserStore } from '../../state/useUserStore';
import { toChatItem } from './chatItems';
import { ChatHeader } from './ChatHeader';
import { ChatNotFound } from './ChatNotFound';
import { InputBar } from './InputBar';
import { MessageList } from './MessageList';
import { endReply, useReplyStream } from './replyStream';
import { useChatView } from './useChatView';
import { NEW_CHAT_DRAFT, useSend, type SendCallbacks } from './useSend';
import { needsAiReminder, welcomeText } from './welcome';

const CASSIE = personaById(DEFAULT_PERSONA_ID) as PersonaRef;

interface ConversationProps extends SendCallbacks {
  /** The chat in the URL; undefined for a fresh chat that her first message creates. */
  chatId: string | undefined;
  /** bestie=cassie: a fresh chat greets her as Cassie herself. */
  cassieWelcome: boolean;
  onNewChat: () => void;
}

/** The open chat: header, messages and her message box. */
export function Conversation({
  chatId,
  cassieWelcome,
  onNewChat,
  ...callbacks
}: ConversationProps) {
  const user = useUserStore((state) => state.user);
  const [draftId] = useState(() => crypto.randomUUID());
  const [loginOpen, setLoginOpen] = useState(false);
  const view = useChatView(chatId, draftId);
  const streamId = chatId ?? draftId;
  const inProgress = useReplyStream((state) => state[streamId]);
  const { text, setText, send, retry } = useSend(streamId, chatId ?? NEW_CHAT_DRAFT, callbacks);
  const shown = view.status === 'ready' ? view.messages : [];
  const replyShown = shown.some((message) => message.id === inProgress?.savedId);
  useEffect(() => {
    if (replyShown) endReply(streamId);
  }, [replyShown, streamId]);

  if (view.status === 'loading') return <Spinner label="Loading chat" />;
  if (view.status === 'not-found') return <ChatNotFound />;

  const persona = view.chat?.persona ?? CASSIE;
  const welcomePersona = view.chat || cassieWelcome ? persona : null;
  const reminder = needsAiReminder(view.messages.map((message) => message.timestamp));

  function handleSend(value: string) {
    // A visitor's words wait in the box while she logs in, then go on their own.
    if (!user) setLoginOpen(true);
    else void send(value, persona.id);
  }

  function handleImage() {
    if (!user) setLoginOpen(true);
    else toast({ title: 'Coming soon', description: 'Screenshot upload is on its way, bestie!' });
  }

  function retryMessage(id: string) {
    const message = view.status === 'ready' && view.messages.find((m) => m.id === id);
    if (message) void retry(message.id, message.message, persona.id);
  }

  return (
    <>
      <ChatHeader persona={persona} onNewChat={onNewChat} />
      <MessageList
        items={view.messages.map(toChatItem)}
        persona={persona}
        welcome={welcomeText(welcomePersona)}
        replyText={replyShown ? undefined : inProgress?.text}
        showAiReminder={reminder}
        onRetry={retryMessage}
        onUpgrade={callbacks.onSubscriptionRequired}
      />
      <InputBar value={text} onChange={setText} onSend={handleSend} onImage={handleImage} />
      <LoginModal
        open={loginOpen}
        onOpenChange={setLoginOpen}
        onSignedIn={() => {
          if (text.trim()) void send(text, persona.id);
        }}
      />
    </>
  );
}
