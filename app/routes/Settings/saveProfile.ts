import { profileMessages, type ProfileUpdate } from '@shared/account';
import { normalizedProfile } from '../../db/normalizeProfile';
import { queueProfileUpdate } from '../../db/outbox';
import { applyProfile } from '../../db/profile';
import { watchMutation, type SettledMutation } from '../../db/settled';
import { toast } from '../../state/useToastStore';
import { updateUser, useUserStore } from '../../state/useUserStore';
import { syncNow } from '../../sync/runtime';
import { useSyncStore } from '../../sync/useSyncStore';

/** What became of a save: the server has it, refused it, or it waits on this device. */
export type SaveOutcome = 'applied' | 'rejected' | 'waiting';

const WAITING_OFFLINE = "Saved on this device. It will sync when you're back online.";
const WAITING_SERVER = 'Saved on this device. It will sync as soon as the server answers.';

/**
 * Saves her profile the one way her writes leave the device: into her account here and the
 * outbox, shown everywhere at once, then a sync. The toast says how it ended (spec §8); when
 * the server refuses it her account is asked again (useUserStore), so she sees the truth.
 */
export async function saveProfile(change: ProfileUpdate): Promise<SaveOutcome> {
  let settled: SettledMutation | undefined;
  try {
    // Checked here, with the schema Settings has loaded: offline, before the service worker
    // holds every chunk, the outbox then needs nothing more from the network.
    const { mutationId, profile } = await queueProfileUpdate(normalizedProfile(change));
    // Shown everywhere at once, on top of the account she sees.
    const shown = useUserStore.getState().user;
    if (shown) updateUser(applyProfile(shown, profile));
    const watch = watchMutation(mutationId);
    try {
      settled = await Promise.race([watch.settled, syncNow().then(() => watch.current())]);
    } finally {
      watch.stop();
    }
  } catch (error) {
    console.error('Could not save the profile', error);
    toast({ ...profileMessages.failed, variant: 'destructive' });
    return 'rejected';
  }
  if (!settled) {
    const offline = useSyncStore.getState().status === 'offline';
    toast({
      title: profileMessages.saved.title,
      description: offline ? WAITING_OFFLINE : WAITING_SERVER,
    });
    return 'waiting';
  }
  if (settled.result.status === 'applied') {
    toast(profileMessages.saved);
    return 'applied';
  }
  toast({
    title: profileMessages.failed.title,
    description: settled.result.error?.message || profileMessages.failed.description,
    variant: 'destructive',
  });
  return 'rejected';
}
