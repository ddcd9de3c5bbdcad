import { escapeHtml } from "./html";

/**
 * The product's e-mail look, shared by every mail the app sends: a card on a
 * pale page with the brand, a heading, and `content` (already safe HTML).
 * Inline styles only: mail clients drop style sheets.
 */
export function mailPage({
  subject,
  appTitle,
  heading,
  content,
}: {
  subject: string;
  appTitle: string;
  heading: string;
  content: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
  <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
    <tr><td>
      <p style="margin:0 0 24px;font-size:20px;font-weight:800;letter-spacing:-0.02em;color:#312e81">${escapeHtml(appTitle)}</p>
      <h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(heading)}</h1>
      ${content}
    </td></tr>
  </table>
</body>
</html>`;
}

/** The mail's one call to action. */
export const mailButton = (label: string, link: string) =>
  `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:12px">${escapeHtml(label)}</a></p>`;
