import type { Persona } from '@shared/personas';
import { db } from './db';

/** Under this key in `settings`: the server's last list of besties, for the picker offline. */
const PERSONAS_KEY = 'personas';

/** The list kept on this device as it was kept (the picker checks it: zod loads with it). */
export async function keptPersonas(): Promise<unknown> {
  return (await db.settings.get(PERSONAS_KEY))?.value;
}

export async function keepPersonas(personas: Persona[]): Promise<void> {
  await db.settings.put({ key: PERSONAS_KEY, value: personas });
}
