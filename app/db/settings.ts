import type { Theme } from '@shared/theme';
import { db } from './db';

/**
 * Device settings mirrored into Dexie (the theme; localStorage stays the source the inline
 * script reads before the first paint).
 */
export async function mirrorTheme(theme: Theme): Promise<void> {
  await db.settings.put({ key: 'theme', value: theme });
}

export async function mirroredTheme(): Promise<Theme | undefined> {
  return (await db.settings.get('theme'))?.value as Theme | undefined;
}
