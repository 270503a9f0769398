import { linkEmail } from './linkEmail';
import type { MailMessage } from './mailer';

export const RESET_LINK_MINUTES = 60;

/** The reset-password mail: warm, short, with the link, its lifetime and "ignore if not you". */
export function resetPasswordEmail(props: { to: string; link: string }): MailMessage {
  return linkEmail({
    to: props.to,
    subject: 'Reset your Besties password',
    textLead: [
      'Hey bestie,',
      '',
      'Someone (hopefully you!) asked to reset the password of your Besties account.',
      'Open this link to choose a new one:',
    ],
    link: props.link,
    expiry: `The link works once and expires in ${RESET_LINK_MINUTES} minutes.`,
    ignore: "If you didn't ask for this, you can ignore this email: your password stays the same.",
    heading: "Hey bestie, let's get you back in 💖",
    leadHtml:
      'Someone (hopefully you!) asked to reset the password of your Besties account. Tap the button to choose a new one.',
    button: 'Reset my password',
  });
}
