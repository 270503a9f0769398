import type { MailMessage } from './mailer';

export const RESET_LINK_MINUTES = 60;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** The reset-password mail: warm, short, with the link, its lifetime and "ignore if not you". */
export function resetPasswordEmail(props: { to: string; link: string }): MailMessage {
  const subject = 'Reset your Besties password';
  const text = [
    'Hey bestie,',
    '',
    'Someone (hopefully you!) asked to reset the password of your Besties account.',
    'Open this link to choose a new one:',
    '',
    props.link,
    '',
    `The link works once and expires in ${RESET_LINK_MINUTES} minutes.`,
    "If you didn't ask for this, you can ignore this email: your password stays the same.",
    '',
    'Love,',
    'Your besties 💖',
  ].join('\n');
  const link = escapeHtml(props.link);
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#ffe4ef;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#3d1630">
  <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:20px;padding:32px;box-shadow:0 12px 32px rgba(214,36,110,0.14)">
    <p style="margin:0 0 8px;font-size:24px;font-weight:900;color:#d6246e">Besties</p>
    <h1 style="margin:0 0 16px;font-size:22px">Hey bestie, let's get you back in 💖</h1>
    <p style="margin:0 0 24px;line-height:1.5">Someone (hopefully you!) asked to reset the password of your Besties account. Tap the button to choose a new one.</p>
    <p style="margin:0 0 24px;text-align:center"><a href="${link}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#d6246e;color:#ffffff;font-weight:800;text-decoration:none">Reset my password</a></p>
    <p style="margin:0 0 16px;line-height:1.5;font-size:14px;color:#7b4566">The link works once and expires in ${RESET_LINK_MINUTES} minutes. If the button doesn't work, copy this into your browser:<br><a href="${link}" style="color:#b0195c;word-break:break-all">${link}</a></p>
    <p style="margin:0;line-height:1.5;font-size:14px;color:#7b4566">If you didn't ask for this, you can ignore this email: your password stays the same.</p>
  </div>
</body>
</html>`;
  return { to: props.to, subject, text, html };
}
