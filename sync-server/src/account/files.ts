import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { imagesDir } from '../images/files';
import { OUTBOX_DIR } from '../mail/outboxMailer';

/** A user id as we make them (a UUID): the only thing ever joined into a path here. */
const USER_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Removes DATA_DIR/images/{userId} with every image she uploaded. */
export async function removeUserImages(dataDir: string, userId: string): Promise<void> {
  if (!USER_ID_SHAPE.test(userId)) throw new Error('Not a user id');
  await rm(path.join(imagesDir(dataDir), userId), { recursive: true, force: true });
}

const ADDRESS = /[^\s<>,;:"']+@[^\s<>,;:"']+/g;

/** The addresses in an .eml file's To, Cc and Bcc headers, lower-cased. */
function recipientsOf(eml: string): string[] {
  const end = eml.search(/\r?\n\r?\n/);
  const headers = (end === -1 ? eml : eml.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  return headers
    .split(/\r?\n/)
    .filter((line) => /^(to|cc|bcc):/i.test(line))
    .flatMap(
      (line) =>
        line
          .slice(line.indexOf(':') + 1)
          .toLowerCase()
          .match(ADDRESS) ?? [],
    );
}

/**
 * Removes the mails addressed to her from the DATA_DIR/mail outbox (when there is one, also
 * left from before SMTP was set up). Answers how many went.
 */
export async function removeOutboxMail(dataDir: string, email: string): Promise<number> {
  const dir = path.join(dataDir, OUTBOX_DIR);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return 0;
    throw error;
  }
  const address = email.toLowerCase();
  let removed = 0;
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const eml = await readFile(file, 'utf8').catch(() => '');
    if (!recipientsOf(eml).includes(address)) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
