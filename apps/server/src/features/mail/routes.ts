import type { FastifyPluginAsync } from "fastify";
import { escapeHtml } from "../../lib/html";
import { fromThisMachine } from "../../lib/http/this-machine";
import type { MailService } from "./service";

const SHOWN = 50;

/** Links in a plain-text body, made clickable (the text was escaped first). */
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * GET /dev/mailbox (local mode only, from this machine only: it holds working
 * sign-in links): the mail the app would have sent, newest first, so sign-in
 * links work without an SMTP server.
 */
export const devMailboxRoutes: FastifyPluginAsync<{ mail: MailService; title: string }> = async (
  app,
  { mail, title },
) => {
  app.get("/dev/mailbox", { schema: { hide: true } }, async (request, reply) => {
    if (!fromThisMachine(request)) {
      return reply
        .status(403)
        .type("text/plain; charset=utf-8")
        .send("The mailbox holds sign-in links: it opens only from a browser on this machine.");
    }
    const mails = await mail.outbox(SHOWN);
    const items = mails
      .map(
        (kept) => `<article>
  <h2>${escapeHtml(kept.subject)}</h2>
  <p><small>To <b>${escapeHtml(kept.to)}</b> · ${kept.createdAt.toISOString()}</small></p>
  <pre>${linkify(escapeHtml(kept.text))}</pre>
</article>`,
      )
      .join("\n<hr>\n");
    const body = items || "<p>No mail yet. Ask for a sign-in link and it shows up here.</p>";
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox · ${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)} mailbox</h1>
<p>Local mode keeps mail here instead of sending it (the ${SHOWN} newest).</p>
${body}
</body></html>`);
  });
};
