import { useEffect, useEffectEvent, useMemo, useReducer, useRef, useState } from 'react';
import type { PersonaRef } from '@shared/chat';
import { canUsePersona, DEFAULT_PERSONA_ID, personaById } from '@shared/personas';
import { helpSituation } from '@shared/safety/situation';
import { useHoldWhileDrawing } from '../../components/afterScreen';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import { Spinner } from '../../components/ui/Spinner';
import { useUserStore } from '../../state/useUserStore';
import { awaitsCrisisReading, chatItemsOf, newestSituation, withoutUnanswered } from './chatItems';
import { useCrisisReader, useCrisisReadingWarm } from './crisisWarmUp';
import { ChatHeader } from './ChatHeader';
import {
  chatRead,
  conversationReducer,
  heldWordsSent,
  initialConversationState,
  loginClosed,
  loginOpened,
  sentBeforeRead,
  visitorSent,
} from './conversationState';
import { InputBar } from './InputBar';
import { MessageList } from './MessageList';
import { PinnedHelp } from './PinnedHelp';
import type { ScreenshotPick } from './screenshot/ScreenshotDialog';
import { usePastedImage } from './screenshot/usePastedImage';
import { useSharedImage } from './screenshot/useSharedImage';
import { useChatView } from './useChatView';
import { useAfterPaint } from './useAfterPaint';
import { useCareMode } from './useCareMode';
import { useLiveReply, type NewReply } from './useLiveReply';
import { NEW_CHAT_DRAFT, useSend } from './useSend';
import { welcomeText } from './welcome';

const CASSIE = personaById(DEFAULT_PERSONA_ID) as PersonaRef;

/** The screenshot dialog: closed, or open (with an image pasted or shared, or none yet). */
type ScreenshotState = { kind: 'closed' } | { kind: 'open'; image: Blob | null };

/** Loaded when she first opens it: the chat itself needs none of it. */
const screenshotDialog = lazyModule(() => import('./screenshot/ScreenshotDialog'));

/** A visitor's login and sign-up forms (and zod, which checks them): fetched once her chat is
 * on screen, shown when she first needs them, then kept, with what she typed. */
const loginModal = lazyModule(() => import('../../components/LoginModal'));
// Seldom seen: not part of the chat's first load.
const chatNotFound = lazyModule(() => import('./ChatNotFound'));

interface ConversationProps {
  /** The chat in the URL, or the id a fresh chat gets from her first message. */
  chatId: string;
  /** False for a fresh chat that exists only on this screen until she writes. */
  inUrl: boolean;
  /** bestie=cassie: a fresh chat greets her as Cassie herself. */
  cassieWelcome: boolean;
  onNewChat: () => void;
  onReply: (reply: NewReply) => void;
  /** She has just sent a message (a waiting upgrade nudge may open now). */
  onSent?: () => void;
  onSubscriptionRequired: () => void;
  /** Whether the chat is in care mode: the screen then offers no upgrade. */
  onCareMode: (inCare: boolean) => void;
}

/** The newest reply's Copy and Regenerate, her last message's Edit: fetched once the chat is drawn. */
const replyActions = lazyModule(() => import('./ReplyActions'));

/** The open chat: header, messages and her message box. */
export function Conversation({ chatId, inUrl, cassieWelcome, ...props }: ConversationProps) {
  const user = useUserStore((state) => state.user);
  // The login modal and her words waiting to go (conversationState.ts).
  const [{ login: loginModalState, waiting }, dispatch] = useReducer(
    conversationReducer,
    initialConversationState,
  );
  const view = useChatView(chatId, inUrl, !user);
  // The newest page(s) only: each use below needs no more (a reply, a crisis reply and the
  // help card come after her message; the reply awaited answers her newest; a retry is of a
  // message she sees). The AI reminder is judged on the whole chat (useChatView).
  const onDevice = useMemo(() => (view.status === 'ready' ? view.messages : []), [view]);
  // A reply she asked to have written again is not shown: the reply on its way takes its place.
  const messages = useMemo(() => onDevice.filter((m) => !m.rewriting), [onDevice]);
  // Her messages still waiting for a reply are read for a crisis at once; the rest once the
  // crisis patterns are compiled, after the chat is on screen (crisisWarmUp.ts).
  // The reading loads alongside the chat; as she opens it, a message still waiting for a reply
  // holds the chat back until it is in, so no frame shows her words without their help (or, if
  // it cannot be had, until the chat shows help after each of them: useCrisisReader).
  const awaitsReading = view.status === 'ready' && awaitsCrisisReading(messages);
  const reader = useCrisisReader(awaitsReading);
  const waitsForReading = awaitsReading && !reader;
  // Once the chat is on screen it stays there: a message she sends before the reading is in
  // waits for it alone (withoutUnanswered), rather than the whole chat going to a spinner.
  const [shown, setShown] = useState(false);
  if (view.status === 'ready' && !waitsForReading && !shown) setShown(true);
  const reading = waitsForReading && !shown;
  const drawn = useAfterPaint(view.status === 'ready' && !reading);
  // What she may open next (dialogs, tooltips, menus) is fetched once her messages are drawn.
  useHoldWhileDrawing(!drawn && view.status !== 'not-found');
  const readAll = useCrisisReadingWarm(drawn);
  const items = useMemo(
    () =>
      chatItemsOf(reader ? messages : withoutUnanswered(messages), reader, {
        readAnswered: readAll,
      }),
    [messages, reader, readAll],
  );
  // A visitor's words held in her box while she signs up: their help cannot wait for that.
  // Once she is in, they go where heldWords.ts says; until then Spill sends nothing twice.
  const held = waiting.kind === 'untilSignedIn' ? waiting : null;
  const heldNow = user ? null : held;
  const inCare = useCareMode({
    chat: view.status === 'ready' ? view.chat : null,
    messages,
    reader,
    readAll,
    held: heldNow,
  });
  const heldCrisis = Boolean(heldNow && reader?.readCrisis(heldNow.text).crisis);
  const situation = heldCrisis && heldNow ? helpSituation(heldNow.text) : newestSituation(items);
  // In care mode nothing asks her to pay: no teaser button, no upgrade dialog.
  // (useLiveReply calls it from an effect event: it sees this render's care mode.)
  const onReply = (reply: NewReply) => {
    if (!inCare) props.onReply(reply);
  };
  const replyText = useLiveReply(chatId, onDevice, view.status === 'ready', onReply);
  const { onCareMode } = props;
  useEffect(() => {
    onCareMode(inCare);
  }, [inCare, onCareMode]);
  // Offline before the app is cached, these are asked for again every 2 s (lazyModule).
  const login = useLazyModule(loginModal, {
    now: loginModalState !== 'unasked' || (drawn && !user),
  });
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const actions = useLazyModule(replyActions, { now: drawn && user !== null });
  const footers = user
    ? actions?.actionsFor(items, { chatId, replying: replyText !== undefined })
    : undefined;
  const {
    text,
    setText,
    screenshot: attached,
    setScreenshot: attach,
    send,
    retry,
  } = useSend(chatId, inUrl ? chatId : NEW_CHAT_DRAFT, inUrl);
  const loading = view.status === 'loading';
  const persona = (view.status === 'ready' && view.chat?.persona) || CASSIE;
  const bestie = personaById(persona.id);
  const locked = Boolean(user && bestie && !canUsePersona(user.subscriptionTier, bestie));

  /** True when her words read as a crisis here (in the light of her chat's care mode). */
  function readsAsCrisis(value: string): boolean {
    return Boolean(reader?.readInChat(value, { riskRaised: inCare }).crisis);
  }

  function handleSend(value: string) {
    // A visitor's words wait in the box while she logs in, then go on their own; if they read
    // as a crisis, help shows with the login.
    if (!user) dispatch(visitorSent(value, new Date().toISOString()));
    else if (held) return;
    else if (loading) dispatch(sentBeforeRead);
    // A bestie her plan does not cover: her words (and any screenshot) stay in the box while
    // she sees the plans; never in care mode, nor for words of a crisis, which always reach
    // the server's help.
    else if (locked && !inCare && !readsAsCrisis(value)) props.onSubscriptionRequired();
    else {
      void send(value, persona.id);
      props.onSent?.();
    }
  }

  // A visitor who tries to upload gets the login modal (spec §4).
  const [screenshot, setScreenshot] = useState<ScreenshotState>({ kind: 'closed' });
  const shot = useLazyModule(screenshotDialog, { now: screenshot.kind === 'open' });
  const notFound = useLazyModule(chatNotFound, { now: view.status === 'not-found' });
  function openScreenshot(image: Blob | null) {
    if (!user) dispatch(loginOpened);
    else setScreenshot({ kind: 'open', image });
  }
  usePastedImage(openScreenshot);
  // The share opens /chat?bestie=cassie, which moves on to /chat/{id} with a new Conversation:
  // only that one takes the image, or it would vanish with the one left behind.
  useSharedImage(openScreenshot, inUrl);

  // 'Use this text' attaches the screenshot to her next message: she asks her
  // question with it, and Spill sends both as one message. The dialog then gives focus to
  // her message box. A locked bestie still shows the plans rather than taking it.
  function handleScreenshot(pick: ScreenshotPick) {
    if (locked && !inCare) props.onSubscriptionRequired();
    else attach(pick);
  }

  // Sent before the chat was read (which bestie is it?): it goes once the chat is there.
  const sendWhenRead = waiting.kind === 'untilRead';
  const sendHeld = useEffectEvent(() => {
    dispatch(chatRead);
    handleSend(text);
  });
  useEffect(() => {
    // Her own send, done the moment the chat is readable: one render later is what we want.
    if (!loading && sendWhenRead) sendHeld();
  }, [loading, sendWhenRead]);

  async function sendHeldWords(where: (personaId: number) => Promise<string | undefined>) {
    const to = inUrl ? undefined : await where(persona.id);
    dispatch(heldWordsSent);
    await send(text, persona.id, to);
  }

  if (view.status === 'not-found') {
    return notFound ? (
      <notFound.ChatNotFound onNewChat={props.onNewChat} />
    ) : (
      <Spinner label="Loading chat" />
    );
  }

  const welcomePersona = (view.status === 'ready' && view.chat) || cassieWelcome ? persona : null;

  function retryMessage(id: string, byKeyboard: boolean) {
    const message = messages.find((m) => m.id === id);
    if (message) void retry(message, persona.id);
    // Its Retry button goes with the failure: from the keyboard, she goes on in her message box
    // rather than from nothing.
    if (byKeyboard) messageBox.current?.focus();
  }

  return (
    <>
      {loading || reading ? (
        <Spinner label="Loading chat" />
      ) : (
        <>
          <ChatHeader
            persona={persona}
            chatId={view.status === 'ready' && view.chat ? chatId : null}
            onNewChat={props.onNewChat}
            helpSituation={situation}
          />
          {inCare && <PinnedHelp situation={situation} />}
          <MessageList
            items={items}
            persona={persona}
            welcome={welcomeText(welcomePersona)}
            replyText={replyText}
            showAiReminder={view.status === 'ready' && view.aiReminder}
            older={view.status === 'ready' ? view.older : 'none'}
            onLoadOlder={() => {
              if (view.status === 'ready') view.loadOlder();
            }}
            onRetry={retryMessage}
            onUpgrade={inCare ? undefined : props.onSubscriptionRequired}
            footers={footers}
          />
        </>
      )}
      {/* Never unmounted while the chat loads or opens at its new URL: what she types stays. */}
      <InputBar
        ref={messageBox}
        value={text}
        onChange={setText}
        onSend={handleSend}
        onImage={() => openScreenshot(null)}
        screenshot={attached}
        onRemoveScreenshot={() => {
          attach(null);
          messageBox.current?.focus();
        }}
      />
      {screenshot.kind === 'open' && shot && (
        <shot.ScreenshotDialog
          open
          image={screenshot.image}
          onOpenChange={(open) => {
            if (!open) setScreenshot({ kind: 'closed' });
          }}
          onUse={handleScreenshot}
          focusAfterUse={locked && !inCare ? undefined : messageBox}
        />
      )}
      {loginModalState !== 'unasked' && login && (
        <login.LoginModal
          open={loginModalState === 'open'}
          onOpenChange={(open) => dispatch(open ? loginOpened : loginClosed)}
          help={heldCrisis ? situation : null}
          onSignedIn={() => void sendHeldWords(login.chatForHeldWords)}
        />
      )}
    </>
  );
}
