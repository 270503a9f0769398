import type { Config } from '../config';
import type { Logger } from '../logger';
import { createOutboxMailer } from './outboxMailer';
import { createSmtpMailer } from './smtpMailer';

/** One mail to one person, in plain text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' writes .eml files to DATA_DIR/mail (no network). */
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the SMTP server accepted the mail (or the file is written). */
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set, otherwise the offline outbox in DATA_DIR/mail. */
export function createMailer(config: Config, logger: Logger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer({ dataDir: config.dataDir, from: config.mailFrom, logger });
}
