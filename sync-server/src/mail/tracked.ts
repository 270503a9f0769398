import type { Mailer } from './mailer';

export interface TrackedMailer extends Mailer {
  /** Resolves once every mail handed over so far has been sent or has failed. */
  settled(): Promise<void>;
}

/**
 * Remembers the mails on their way out, so a shutdown can wait for them: a reset link
 * requested just before a restart is still delivered.
 */
export function trackSends(mailer: Mailer): TrackedMailer {
  const pending = new Set<Promise<void>>();
  return {
    kind: mailer.kind,
    send(message) {
      const sending = mailer.send(message);
      pending.add(sending);
      const forget = () => pending.delete(sending);
      sending.then(forget, forget);
      return sending;
    },
    async settled() {
      await Promise.allSettled([...pending]);
    },
  };
}
