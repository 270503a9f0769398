import { describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from './mailer';
import { trackSends } from './tracked';

const message: MailMessage = { to: 'a@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };

function slowMailer(fail = false) {
  const done: string[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    send: (mail) =>
      new Promise<void>((resolve, reject) =>
        setTimeout(() => {
          done.push(mail.to);
          if (fail) reject(new Error('smtp down'));
          else resolve();
        }, 30),
      ),
  };
  return { mailer, done };
}

describe('a mailer that a shutdown can wait for', () => {
  it('settles only after every mail handed over has gone out', async () => {
    const { mailer, done } = slowMailer();
    const tracked = trackSends(mailer);
    void tracked.send(message);
    void tracked.send({ ...message, to: 'b@example.com' });
    await tracked.settled();
    expect(done).toEqual(['a@example.com', 'b@example.com']);
  });

  it('settles after a failed send too, and still hands the failure to the sender', async () => {
    const { mailer } = slowMailer(true);
    const tracked = trackSends(mailer);
    const sending = tracked.send(message);
    await expect(sending).rejects.toThrow('smtp down');
    await expect(tracked.settled()).resolves.toBeUndefined();
  });
});
