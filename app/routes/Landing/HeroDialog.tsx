import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/Dialog';
import { PERSONAS_SECTION, scrollToSection } from './scrollToSection';

const CHAT_DELAY_MS = 300;

/** The hero button and its modal: chat with Cassie, meet the besties, or not now. */
export function HeroDialog() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const scrollAfterClose = useRef(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function chatWithCassie() {
    setOpen(false);
    timer.current = window.setTimeout(() => navigate('/chat?bestie=cassie'), CHAT_DELAY_MS);
  }

  function meetTheBesties() {
    scrollAfterClose.current = true;
    setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className="btn btn--primary btn--large hero__cta">
        You won't believe what happened…
      </DialogTrigger>
      <DialogContent
        title="Spill it, bestie!"
        description="Cassie is ready to hear everything, no judgement. Want to start chatting now?"
        // The page can scroll only once the dialog has let go of it.
        onCloseAutoFocus={(event) => {
          if (!scrollAfterClose.current) return;
          scrollAfterClose.current = false;
          event.preventDefault();
          scrollToSection(PERSONAS_SECTION);
        }}
      >
        <div className="dialog__actions">
          <button type="button" className="btn btn--primary" onClick={chatWithCassie}>
            Chat with Cassie Now
          </button>
          <button type="button" className="btn btn--secondary" onClick={meetTheBesties}>
            Meet the Besties
          </button>
          <DialogClose className="btn btn--ghost">Girl Bye</DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
