import './dialogs.css';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PLAN_ID, PLANS, planById, type Plan, type PlanId } from '@shared/plans';
import { CheckoutDialog, type Settled } from '../payments/CheckoutDialog';
import { toast } from '../state/useToastStore';
import { Dialog, DialogClose, DialogContent } from './ui/Dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/Tabs';

const TAB_LABELS: Record<PlanId, string> = {
  'bestie-day': 'Day',
  'bestie-month': 'Month',
  'bestie-year': 'Year',
  'bestie-lifetime': 'Life',
};

export function upgradeSubtitle(planId: PlanId): string {
  return planId === 'bestie-day'
    ? 'Subscribe to unlock unlimited chats with Cassie!'
    : 'Get the full bestie squad + exclusive perks';
}

interface UpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chat she is in, to come back to with its replies in full; else /chat/cassie. */
  chatId?: string;
}

/**
 * 'Upgrade Your Bestie' (spec §2): the four plans as tabs, month chosen each time it opens;
 * Subscribe Now opens the payment for the chosen plan, and a paid plan brings her back to her
 * chat with the upgrade celebration.
 */
export function UpgradeDialog({ open, onOpenChange, chatId }: UpgradeDialogProps) {
  const navigate = useNavigate();
  const [planId, setPlanId] = useState<PlanId>(DEFAULT_PLAN_ID);
  const [paying, setPaying] = useState(false);
  // Month again each time it opens (spec §2): it stays mounted between openings.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPlanId(DEFAULT_PLAN_ID);
  }
  const plan = planById(planId) as Plan;

  // Celebrated only once the server called it fulfilled; a payment still processing goes to
  // /checkout-success, which says so and asks again until the server knows.
  function paid({ paymentIntentId, fulfilled }: Settled) {
    setPaying(false);
    onOpenChange(false);
    if (!fulfilled) {
      void navigate(`/checkout-success?plan=${plan.id}&payment_intent=${paymentIntentId}`);
      return;
    }
    toast({ title: 'Payment Successful!', description: `You're now a ${plan.name}!` });
    const back = chatId ? `/chat/${chatId}` : '/chat/cassie';
    void navigate(`${back}?success=true&plan=${plan.id}`);
  }

  return (
    <>
      <Dialog open={open && !paying} onOpenChange={onOpenChange}>
        <DialogContent
          title="Upgrade Your Bestie"
          description={upgradeSubtitle(planId)}
          className="upgrade-dialog"
        >
          <Tabs value={planId} onValueChange={(value) => setPlanId(value as PlanId)}>
            <TabsList aria-label="Plans">
              {PLANS.map((plan) => (
                <TabsTrigger key={plan.id} value={plan.id}>
                  {TAB_LABELS[plan.id]}
                </TabsTrigger>
              ))}
            </TabsList>
            {PLANS.map((plan) => (
              <TabsContent key={plan.id} value={plan.id} className="upgrade-plan">
                <h3 className="upgrade-plan__name">{plan.name}</h3>
                <p className="upgrade-plan__description">{plan.description}</p>
                <p className="upgrade-plan__price">{plan.price}</p>
                <ul className="upgrade-plan__features">
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                <p className="upgrade-plan__note">{plan.note}</p>
              </TabsContent>
            ))}
          </Tabs>
          <div className="dialog__actions dialog__actions--row">
            <DialogClose className="btn btn--secondary">Cancel</DialogClose>
            <button type="button" className="btn btn--primary" onClick={() => setPaying(true)}>
              Subscribe Now
            </button>
          </div>
        </DialogContent>
      </Dialog>
      <CheckoutDialog plan={plan} open={open && paying} onOpenChange={setPaying} onPaid={paid} />
    </>
  );
}
