import { Dialog, DialogClose, DialogContent } from '../../components/ui/Dialog';
import { PERSONAS_SECTION, useScrollAfterClose } from './scrollToSection';

interface HeroModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChat: () => void;
}

/** The hero button's modal: chat with Cassie, meet the besties, or not now. */
export function HeroModal({ open, onOpenChange, onChat }: HeroModalProps) {
  const { onCloseAutoFocus, closeThenScroll } = useScrollAfterClose(PERSONAS_SECTION);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Spill it, bestie!"
        description="Cassie is ready to hear everything, no judgement. Want to start chatting now?"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div className="dialog__actions">
          <button type="button" className="btn btn--primary" onClick={onChat}>
            Chat with Cassie Now
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => closeThenScroll(() => onOpenChange(false))}
          >
            Meet the Besties
          </button>
          <DialogClose className="btn btn--ghost">Girl Bye</DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
