import type { MailMessage } from './mailer';

export const CLAIM_LINK_DAYS = 30;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

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
  const subject = `Add ${props.planName} to your Besties account`;
  const text = [
    'Hey bestie,',
    '',
    `Thank you for getting ${props.planName}! To keep it on your Besties account, open this`,
    'link and sign up or log in (if you are signed in already, it is added straight away):',
    '',
    props.link,
    '',
    `The link works once and expires in ${CLAIM_LINK_DAYS} days.`,
    "If you didn't buy anything from Besties, you can ignore this email.",
    '',
    'Love,',
    'Your besties 💖',
  ].join('\n');
  const link = escapeHtml(props.link);
  const plan = escapeHtml(props.planName);
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#ffe4ef;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#3d1630">
  <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:20px;padding:32px;box-shadow:0 12px 32px rgba(214,36,110,0.14)">
    <p style="margin:0 0 8px;font-size:24px;font-weight:900;color:#d6246e">Besties</p>
    <h1 style="margin:0 0 16px;font-size:22px">Thank you, bestie 💖</h1>
    <p style="margin:0 0 24px;line-height:1.5">To keep ${plan} on your Besties account, tap the button and sign up or log in. If you are signed in already, it is added straight away.</p>
    <p style="margin:0 0 24px;text-align:center"><a href="${link}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#d6246e;color:#ffffff;font-weight:800;text-decoration:none">Add it to my account</a></p>
    <p style="margin:0 0 16px;line-height:1.5;font-size:14px;color:#7b4566">The link works once and expires in ${CLAIM_LINK_DAYS} days. If the button doesn't work, copy this into your browser:<br><a href="${link}" style="color:#b0195c;word-break:break-all">${link}</a></p>
    <p style="margin:0;line-height:1.5;font-size:14px;color:#7b4566">If you didn't buy anything from Besties, you can ignore this email.</p>
  </div>
</body>
</html>`;
  return { to: props.to, subject, text, html };
}
