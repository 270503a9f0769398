import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Persona } from '@shared/personas';
import { uuidv7 } from '@shared/uuid';
import { afterScreenDrawn } from '../../components/afterScreen';
import { lazyModule, useLazyModule } from '../../components/lazyModule';
import { Spinner } from '../../components/ui/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useUserStore } from '../../state/useUserStore';
import { OfflineBanner } from '../../sync/OfflineBanner';
import { requestSync } from '../../sync/requestSync';
import { startPersonaChat } from './chatActions';
import { Conversation } from './Conversation';
import { MobileDrawer } from './MobileDrawer';
import { MobileTopBar } from './MobileTopBar';
import { Sidebar } from './Sidebar';
import { useCassieEntry } from './useCassieEntry';
import { useKeyboardOpen } from './useKeyboardOpen';
import type { NewReply } from './useLiveReply';
import { useTeaserUpgrade } from './useTeaserUpgrade';
import { useUpgradeCelebration } from './useUpgradeCelebration';
import './chat.css';

// For the route (App.tsx): asked for as the screen's chunk arrives, not once it has mounted.
export { askForCrisisReading } from './crisisWarmUp';

/** The plans and checkout (Radix Tabs among them): fetched once the chat is on screen, shown
 * when she first asks, then kept mounted (each opening still starts on Month, spec §2). */
const upgradeDialog = lazyModule(() => import('../../components/UpgradeDialog'));

/** 'Choose Your Bestie', opened from 'New chat': fetched once the chat is on screen too. */
const personaPicker = lazyModule(() => import('../../components/PersonaPicker'));

/** Shown once, when she comes back from paying: no part of the screen's first load. */
const upgradeCelebration = lazyModule(() => import('../../components/UpgradeCelebration'));

/** The chat screen (spec §2, §4): /chat, /chat/{id}, /chat?new={t}, /chat?bestie=cassie. */
export function ChatPage() {
  useDocumentTitle('Chat');
  const navigate = useNavigate();
  const { id: chatId } = useParams();
  const [params] = useSearchParams();
  const user = useUserStore((state) => state.user);
  const isCassie = params.get('bestie') === 'cassie';
  // Someone who arrives as a visitor and then signs in has her held message sent instead.
  const [arrivedAsVisitor] = useState(() => user === null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  // Loaded by then (after the chat is drawn), or at once; offline before the app was cached,
  // asked again every 2 s rather than break the screen.
  const picker = useLazyModule(personaPicker, { now: pickerOpen, later: afterScreenDrawn });
  // In care mode nothing asks her to pay: the teaser's nudge never opens.
  const [inCare, setInCare] = useState(false);
  // A fresh chat's id is made here, before it exists, so that when her first message (or the
  // Cassie entry) opens /chat/{id} the conversation, and what she is typing, stays mounted.
  const newKey = params.get('new') ?? '';
  const [fresh, setFresh] = useState(() => ({ key: newKey, id: uuidv7() }));
  if (!chatId && fresh.key !== newKey) setFresh({ key: newKey, id: uuidv7() });
  const openChat = chatId ?? fresh.id;
  const upgrade = useTeaserUpgrade(inCare, openChat);
  const celebration = useUpgradeCelebration();
  const celebrating = useLazyModule(upgradeCelebration, { now: celebration.plan !== null });
  const [upgradeShown, setUpgradeShown] = useState(false);
  if (upgrade.open && !upgradeShown) setUpgradeShown(true);
  const upgrading = useLazyModule(upgradeDialog, { now: upgradeShown, later: afterScreenDrawn });
  const deciding = useCassieEntry(
    Boolean(user) && isCassie && !chatId && !arrivedAsVisitor,
    fresh.id,
  );

  // A new plan (or one that ended) changes how her earlier replies read: pull them again.
  const userId = user?.id;
  const tier = user?.subscriptionTier;
  useEffect(() => {
    if (userId) void requestSync();
  }, [userId, tier]);

  function newChat() {
    setDrawerOpen(false);
    void navigate(user ? `/chat?new=${Date.now()}` : `/chat?bestie=cassie&new=${Date.now()}`);
  }

  function openPicker() {
    setDrawerOpen(false);
    if (user) setPickerOpen(true);
    else newChat();
  }

  async function startWith(persona: Persona) {
    const id = await startPersonaChat(persona.id);
    await navigate(`/chat/${id}`);
  }

  function handleReply(reply: NewReply) {
    if (reply.isTeaser && !reply.isCrisis && !inCare) upgrade.afterTeaser(openChat);
  }

  const keyboardOpen = useKeyboardOpen();
  // Stable, so the sidebar's rows (memoised) are not drawn again on each render of this screen.
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const sidebar = (
    <Sidebar user={user} openChatId={chatId} onNewChat={openPicker} onNavigate={closeDrawer} />
  );

  return (
    <div className="chat-layout">
      <aside className="chat-layout__sidebar">{sidebar}</aside>
      <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen}>
        {sidebar}
      </MobileDrawer>
      <main className="chat-layout__main">
        <MobileTopBar onMenu={() => setDrawerOpen(true)} onNewChat={newChat} />
        <OfflineBanner />
        {deciding ? (
          <Spinner label="Loading chat" />
        ) : (
          <Conversation
            key={openChat}
            chatId={openChat}
            inUrl={chatId !== undefined}
            cassieWelcome={isCassie}
            onNewChat={newChat}
            onReply={handleReply}
            onSent={upgrade.afterSend}
            onSubscriptionRequired={() => upgrade.setOpen(true)}
            onCareMode={setInCare}
          />
        )}
        {/* Phones only (chat.css). It gives its room to the keyboard while that is open. */}
        <p className="chat-layout__privacy" hidden={keyboardOpen}>
          <a href="/privacy">Privacy Policy</a>
        </p>
      </main>
      {picker && (
        <picker.PersonaPicker
          open={pickerOpen}
          onOpenChange={setPickerOpen}
          tier={user?.subscriptionTier ?? 'free'}
          onStart={startWith}
        />
      )}
      {upgradeShown && upgrading && (
        <upgrading.UpgradeDialog
          open={upgrade.open}
          onOpenChange={upgrade.setOpen}
          chatId={chatId}
        />
      )}
      {celebration.plan && celebrating && (
        <celebrating.UpgradeCelebration plan={celebration.plan} onClose={celebration.close} />
      )}
    </div>
  );
}
