import type { Mutation, MutationResult } from '@shared/sync';
import type { PublicUser } from '@shared/user';

/**
 * What became of her mutations, as the server settles them (applied or rejected; a `retry`
 * is not settled). settlePush publishes here once its transaction has committed, so a
 * listener sees the device already up to date. This is how a screen learns the outcome of its
 * own write (it knows the mutation id the outbox gave it), and how the app reacts to outcomes
 * in general (her account after a profile change, say). In memory only: after a reload the
 * outbox and the pulled rows tell the story.
 */
export interface SettledMutation {
  mutation: Mutation;
  result: MutationResult;
  /** Her account as this device now holds it (the server's answer with her changes still waiting). */
  user?: PublicUser;
}

type Listener = (settled: SettledMutation) => void;

const listeners = new Set<Listener>();

/**
 * The latest outcomes by mutation id, so a watch started a moment late still learns it. A Map
 * kept in insertion order, not lru-cache: this module is in every page's first load.
 */
const recent = new Map<string, SettledMutation>();
const RECENT_KEPT = 100;

/** Calls `listener` for every mutation settled from now on; returns the unsubscribe function. */
export function onMutationSettled(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Only settlePush calls this, after its transaction. A failing listener never stops the others. */
export function publishSettled(settled: SettledMutation[]): void {
  for (const one of settled) {
    recent.set(one.mutation.id, one);
    if (recent.size > RECENT_KEPT) recent.delete(recent.keys().next().value!);
    for (const listener of [...listeners]) {
      try {
        listener(one);
      } catch (error) {
        console.error('A settled-mutation listener failed', error);
      }
    }
  }
}

export interface MutationWatch {
  /** Resolves when the mutation settles. */
  settled: Promise<SettledMutation>;
  /** What became of it, if it has settled since the watch began. */
  current(): SettledMutation | undefined;
  stop(): void;
}

/** Watches one mutation by id (one settled very recently is known at once). */
export function watchMutation(id: string): MutationWatch {
  let outcome = recent.get(id);
  let resolve: (settled: SettledMutation) => void = () => undefined;
  const settled = new Promise<SettledMutation>((done) => (resolve = done));
  const stop = onMutationSettled((one) => {
    if (one.mutation.id !== id) return;
    outcome = one;
    stop();
    resolve(one);
  });
  if (outcome) {
    stop();
    resolve(outcome);
  }
  return { settled, current: () => outcome, stop };
}
