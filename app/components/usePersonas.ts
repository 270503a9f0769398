import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { PERSONAS, type Persona } from '@shared/personas';
import { personasAnswerSchema } from '@shared/personas-schema';
import { keepPersonas, keptPersonas } from '../db/personas';
import { getPersonas } from '../http/personas';
import { toast } from '../state/useToastStore';

/** A list of besties, or null for anything else (a malformed answer is ignored, not shown). */
function personasIn(value: unknown): Persona[] | null {
  const parsed = personasAnswerSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

async function readKept(): Promise<Persona[] | null> {
  return personasIn(await keptPersonas());
}

/**
 * The besties to pick from: the server's list as last kept on this device, else the built-in
 * one, shown at once; each time the picker opens the server is asked again (spec §7). Offline,
 * or when its answer is not a list of personas, what is shown stays; with nothing kept, she is
 * told (spec §8).
 */
export function usePersonas(open: boolean): readonly Persona[] {
  const kept = useLiveQuery(readKept, []);
  // Shown even when the device cannot keep it (storage full, say).
  const [fresh, setFresh] = useState<Persona[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    void (async () => {
      const answer = personasIn(await getPersonas().catch(() => null));
      if (answer) {
        if (live) setFresh(answer);
        await keepPersonas(answer);
      } else if (!(await readKept()) && live) {
        toast({ title: 'Failed to fetch personas', variant: 'destructive' });
      }
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open]);

  return fresh ?? kept ?? PERSONAS;
}
