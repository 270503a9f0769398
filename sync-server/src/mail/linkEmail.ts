import type { MailMessage } from './mailer';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/**
 * A mail whose point is one link (a password reset, a purchase to claim): warm and short, in
 * plain text and in HTML, with a button, how long the link works, the link to copy, and what
 * to do if it was not her. The HTML parts are escaped here; `leadHtml` may hold markup.
 */
export function linkEmail(props: {
  to: string;
  subject: string;
  /** The plain-text body down to the line before the link. */
  textLead: string[];
  link: string;
  /** 'The link works once and expires in …' */
  expiry: string;
  /** 'If you didn't …, you can ignore this email…' */
  ignore: string;
  heading: string;
  leadHtml: string;
  button: string;
}): MailMessage {
  const text = [
    ...props.textLead,
    '',
    props.link,
    '',
    props.expiry,
    props.ignore,
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
    <h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(props.heading)}</h1>
    <p style="margin:0 0 24px;line-height:1.5">${props.leadHtml}</p>
    <p style="margin:0 0 24px;text-align:center"><a href="${link}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#d6246e;color:#ffffff;font-weight:800;text-decoration:none">${escapeHtml(props.button)}</a></p>
    <p style="margin:0 0 16px;line-height:1.5;font-size:14px;color:#7b4566">${escapeHtml(props.expiry)} If the button doesn't work, copy this into your browser:<br><a href="${link}" style="color:#b0195c;word-break:break-all">${link}</a></p>
    <p style="margin:0;line-height:1.5;font-size:14px;color:#7b4566">${escapeHtml(props.ignore)}</p>
  </div>
</body>
</html>`;
  return { to: props.to, subject: props.subject, text, html };
}
