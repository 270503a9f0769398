import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

const CHAT_DELAY_MS = 300;

// Radix Dialog loads after the page has painted, before anyone can tap the button.
const loadHeroModal = () => import('./HeroModal');
const HeroModal = lazy(async () => ({ default: (await loadHeroModal()).HeroModal }));

/** The hero button and its modal: chat with Cassie, meet the besties, or not now. */
export function HeroDialog() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Mounted from the first tap on, so closing plays out and focus returns to the button.
  const [used, setUsed] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    void loadHeroModal();
    return () => window.clearTimeout(timer.current);
  }, []);

  function chatWithCassie() {
    setOpen(false);
    timer.current = window.setTimeout(() => navigate('/chat?bestie=cassie'), CHAT_DELAY_MS);
  }

  return (
    <>
      <button
        type="button"
        className="btn btn--primary btn--large hero__cta"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        You won't believe what happened…
      </button>
      {used && (
        <Suspense fallback={null}>
          <HeroModal open={open} onOpenChange={setOpen} onChat={chatWithCassie} />
        </Suspense>
      )}
    </>
  );
}
