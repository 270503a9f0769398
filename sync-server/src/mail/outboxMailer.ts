import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';

export const OUTBOX_DIR = 'mail';

/**
 * The embedded default: each mail is composed by nodemailer exactly as it would be sent and
 * written to DATA_DIR/mail as an .eml file (open it in any mail program), so the product
 * works with no mail server at all. File names sort by time.
 */
export function createOutboxMailer(props: {
  dataDir: string;
  from: string;
  logger: Logger;
}): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const dir = path.join(props.dataDir, OUTBOX_DIR);
  return {
    kind: 'outbox',
    send: async (message) => {
      const info = await transport.sendMail({ from: props.from, ...message });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      props.logger.info({ file }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}
