import './dialogs.css';
import { useState } from 'react';
import { canUsePersona, type Persona } from '@shared/personas';
import type { SubscriptionTier } from '@shared/user';
import { toast } from '../state/useToastStore';
import { Dialog, DialogClose, DialogContent } from './ui/Dialog';
import { PersonaAvatar } from './ui/PersonaAvatar';
import { usePersonas } from './usePersonas';

type PickerState = { kind: 'choosing' } | { kind: 'creating' } | { kind: 'failed' };

interface PersonaPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tier: SubscriptionTier;
  /** Creates the chat; rejects when it could not. */
  onStart: (persona: Persona) => Promise<void>;
}

/** 'Choose Your Bestie' (spec §2): besties her plan does not cover are locked. */
export function PersonaPicker({ open, onOpenChange, tier, onStart }: PersonaPickerProps) {
  const personas = usePersonas(open);
  const [chosenId, setChosenId] = useState<number | null>(null);
  // By id, from the list as it is now: a refreshed list that locks her choice unpicks it.
  const chosen =
    personas.find((persona) => persona.id === chosenId && canUsePersona(tier, persona)) ?? null;
  const [state, setState] = useState<PickerState>({ kind: 'choosing' });

  function changeOpen(next: boolean) {
    if (!next) {
      setChosenId(null);
      setState({ kind: 'choosing' });
    }
    onOpenChange(next);
  }

  async function start() {
    if (!chosen) {
      toast({ title: 'No persona selected', description: 'Please select a bestie to chat with' });
      return;
    }
    if (state.kind === 'creating') return;
    setState({ kind: 'creating' });
    try {
      await onStart(chosen);
      changeOpen(false);
    } catch {
      setState({ kind: 'failed' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent title="Choose Your Bestie" className="persona-picker">
        <div className="persona-picker__grid" role="radiogroup" aria-label="Besties">
          {personas.map((persona) => {
            const locked = !canUsePersona(tier, persona);
            const selected = chosen?.id === persona.id;
            return (
              <button
                key={persona.id}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-disabled={locked || undefined}
                aria-label={locked ? `${persona.name} (locked)` : persona.name}
                className="picker-card"
                data-selected={selected || undefined}
                onClick={() => !locked && setChosenId(persona.id)}
              >
                <PersonaAvatar persona={persona} size={56} />
                <span className="picker-card__name">{persona.name}</span>
                <span className="picker-card__tagline">{persona.tagline}</span>
                {locked && (
                  <svg
                    className="picker-card__lock"
                    viewBox="0 0 24 24"
                    width="20"
                    height="20"
                    aria-hidden="true"
                  >
                    <path
                      fill="currentColor"
                      d="M7 10V7a5 5 0 0 1 10 0v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z"
                    />
                  </svg>
                )}
              </button>
            );
          })}
        </div>
        {state.kind === 'failed' && (
          <p className="persona-picker__error" role="alert">
            Failed to create chat. Please try again.
          </p>
        )}
        <div className="dialog__actions dialog__actions--row">
          <DialogClose className="btn btn--secondary">Cancel</DialogClose>
          <button
            type="button"
            className="btn btn--primary"
            aria-disabled={!chosen || state.kind === 'creating'}
            onClick={() => void start()}
          >
            {state.kind === 'creating' ? 'Starting...' : 'Start Chatting'}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
