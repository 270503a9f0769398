import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

const TIMEOUT_MS = 15_000;

/**
 * Real mail through nodemailer. The URL carries host, port, credentials and options
 * (`smtp://user:pass@host:587`, `smtps://…:465`, `?ignoreTLS=true` for a local relay).
 */
export function createSmtpMailer(props: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: props.smtpUrl,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    },
    { from: props.from },
  );
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail(message);
    },
  };
}
