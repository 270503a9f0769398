import { escapeHtml, linkEmail } from './linkEmail';
import type { MailMessage } from './mailer';

export const CLAIM_LINK_DAYS = 30;

/**
 * The mail to the billing email of a visitor's purchase: the link that adds it to the account
 * she opens it in (or signs up or logs in to through it), how long it works, and "ignore if
 * not you".
 */
export function claimPurchaseEmail(props: {
  to: string;
  link: string;
  planName: string;
}): MailMessage {
  return linkEmail({
    to: props.to,
    subject: `Add ${props.planName} to your Besties account`,
    textLead: [
      'Hey bestie,',
      '',
      `Thank you for getting ${props.planName}! To keep it on your Besties account, open this`,
      'link and sign up or log in (if you are signed in already, it is added straight away):',
    ],
    link: props.link,
    expiry: `The link works once and expires in ${CLAIM_LINK_DAYS} days.`,
    ignore: "If you didn't buy anything from Besties, you can ignore this email.",
    heading: 'Thank you, bestie 💖',
    leadHtml: `To keep ${escapeHtml(props.planName)} on your Besties account, tap the button and sign up or log in. If you are signed in already, it is added straight away.`,
    button: 'Add it to my account',
  });
}
