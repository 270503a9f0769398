import { HELP_SHOWN_PATH, type HelpShownBody } from '@shared/referrals';
import { apiJson } from './client';

/** Help a visitor's device showed on one day (a signed-in device counts through its outbox). */
export async function postHelpShown(body: HelpShownBody): Promise<void> {
  await apiJson<unknown>('POST', HELP_SHOWN_PATH, body);
}
