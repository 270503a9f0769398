import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { PersonaRef } from '@shared/chat';
import { canUsePersona, DEFAULT_PERSONA_ID, personaById } from '@shared/personas';
import { LoginModal } from '../../components/LoginModal';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../state/useToastStore';
import { useUserStore } from '../../state/useUserStore';
import { chatItemsOf, hasCrisis } from './chatItems';
import { ChatHeader } from './ChatHeader';
import { ChatNotFound } from './ChatNotFound';
import { InputBar } from './InputBar';
import { MessageList } from './MessageList';
import { useChatView } from './useChatView';
import { useLiveReply, type NewReply } from './useLiveReply';
import { NEW_CHAT_DRAFT, useSend } from './useSend';
import { needsAiReminder, welcomeText } from './welcome';

const CASSIE = personaById(DEFAULT_PERSONA_ID) as PersonaRef;

interface ConversationProps {
  /** The chat in the URL, or the id a fresh chat gets from her first message. */
  chatId: string;
  /** False for a fresh chat that exists only on this screen until she writes. */
  inUrl: boolean;
  /** bestie=cassie: a fresh chat greets her as Cassie herself. */
  cassieWelcome: boolean;
  onNewChat: () => void;
  onReply: (reply: NewReply) => void;
  onSubscriptionRequired: () => void;
}

/** The open chat: header, messages and her message box. */
export function Conversation({ chatId, inUrl, cassieWelcome, ...props }: ConversationProps) {
  const user = useUserStore((state) => state.user);
  const [loginOpen, setLoginOpen] = useState(false);
  const view = useChatView(chatId, inUrl);
  const messages = useMemo(() => (view.status === 'ready' ? view.messages : []), [view]);
  const items = useMemo(() => chatItemsOf(messages), [messages]);
  const replyText = useLiveReply(chatId, messages, props.onReply);
  const { text, setText, send, retry } = useSend(chatId, inUrl ? chatId : NEW_CHAT_DRAFT, inUrl);
  const loading = view.status === 'loading';
  const persona = (view.status === 'ready' && view.chat?.persona) || CASSIE;
  const bestie = personaById(persona.id);
  const locked = Boolean(user && bestie && !canUsePersona(user.subscriptionTier, bestie));

  function handleSend(value: string) {
    // A visitor's words wait in the box while she logs in, then go on their own.
    if (!user) setLoginOpen(true);
    else if (loading) setSendWhenRead(true);
    // A bestie her plan does not cover: her words stay in the box while she sees the plans.
    else if (locked) props.onSubscriptionRequired();
    else void send(value, persona.id);
  }

  // Sent before the chat was read (which bestie is it?): it goes once the chat is there.
  const [sendWhenRead, setSendWhenRead] = useState(false);
  const sendHeld = useEffectEvent(() => {
    setSendWhenRead(false);
    handleSend(text);
  });
  useEffect(() => {
    // Her own send, done the moment the chat is readable: one render later is what we want.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!loading && sendWhenRead) sendHeld();
  }, [loading, sendWhenRead]);

  if (view.status === 'not-found') return <ChatNotFound />;

  const welcomePersona = (view.status === 'ready' && view.chat) || cassieWelcome ? persona : null;
  const reminder = needsAiReminder(messages.map((message) => message.timestamp));

  function handleImage() {
    if (!user) setLoginOpen(true);
    else toast({ title: 'Coming soon', description: 'Screenshot upload is on its way, bestie!' });
  }

  function retryMessage(id: string) {
    const message = messages.find((m) => m.id === id);
    if (message) void retry(message.id, message.message, persona.id);
  }

  return (
    <>
      {loading ? (
        <Spinner label="Loading chat" />
      ) : (
        <>
          <ChatHeader persona={persona} onNewChat={props.onNewChat} showHelp={hasCrisis(items)} />
          <MessageList
            items={items}
            persona={persona}
            welcome={welcomeText(welcomePersona)}
            replyText={replyText}
            showAiReminder={reminder}
            onRetry={retryMessage}
            onUpgrade={props.onSubscriptionRequired}
          />
        </>
      )}
      {/* Never unmounted while the chat loads or opens at its new URL: what she types stays. */}
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
