import { useNavigate } from 'react-router-dom';
import type { Plan } from '@shared/plans';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/Dialog';
import { PLANS_SECTION, useScrollAfterClose } from './scrollToSection';

/** Ends a plan's description as a sentence: a full stop, unless it has its own (!, ? or .). */
function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

interface PlanDialogProps {
  /** The plan she tapped; the dialog is open while there is one. */
  plan: Plan | null;
  onClose: () => void;
}

/** A visitor's plan tap: 'Ready to meet your bestie?' with go, look again, or not now. */
export function PlanDialog({ plan, onClose }: PlanDialogProps) {
  const navigate = useNavigate();
  const { onCloseAutoFocus, closeThenScroll } = useScrollAfterClose(PLANS_SECTION);

  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Ready to meet your bestie?"
        description={
          plan
            ? `${plan.name} (${plan.price}): ${asSentence(plan.description)} Your besties are AI, and they can't wait to hear from you.`
            : undefined
        }
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div className="dialog__actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => plan && navigate(`/checkout?plan=${plan.id}`)}
          >
            Sis, I need you to come through!
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => closeThenScroll(onClose)}
          >
            Upgrade Your Bestie
          </button>
          <DialogClose className="btn btn--ghost">Girl Bye</DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
