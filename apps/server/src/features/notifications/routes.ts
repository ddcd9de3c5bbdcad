import { notificationsApi } from "@eitheror/shared/notifications/contract";
import { mailPreferenceMessages } from "@eitheror/shared/notifications/schema";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../lib/html";
import { addOperation } from "../../lib/http/operation";
import type { NotificationsService } from "./service";

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`);
}

const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? "").includes("text/html");

/**
 * The signed-in person's e-mail choices, and unsubscribing from an e-mail's
 * link without a session. Opening the link (GET) only asks; the POST (the
 * page's button, or a mail client's one-click) turns the kind off.
 */
export const notificationsRoutes: FastifyPluginAsync<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  addOperation(app, notificationsApi.get, async (request) => ({
    data: { preferences: await notifications.preferences.read(await request.signedIn()) },
  }));
  addOperation(app, notificationsApi.update, async (request) => ({
    data: {
      preferences: await notifications.preferences.update(await request.signedIn(), request.body),
    },
  }));

  // A mail client's one-click POST is a form: its body says only "List-Unsubscribe=One-Click".
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );
  addOperation(
    app,
    notificationsApi.unsubscribe,
    async (request, reply) => {
      const kind = await notifications.preferences.unsubscribe(request.query.token);
      const done = mailPreferenceMessages.done(mailPreferenceMessages.labels[kind]);
      if (wantsPage(request)) return page(reply, 200, done, "");
      return { data: { kind, unsubscribed: true as const } };
    },
    { config: { signedLink: true } },
  );

  app.get<{ Querystring: { token?: string } }>(
    "/mail/unsubscribe",
    { schema: { hide: true } },
    async (request, reply) => {
      const token = request.query.token ?? "";
      let kind: ReturnType<NotificationsService["preferences"]["kindOf"]>;
      try {
        kind = notifications.preferences.kindOf(token);
      } catch {
        return page(reply, 400, mailPreferenceMessages.badLink, "");
      }
      const label = mailPreferenceMessages.labels[kind];
      return page(
        reply,
        200,
        mailPreferenceMessages.confirmTitle,
        `<p>${escapeHtml(label)}</p>
<form method="post" action="/api/mail/unsubscribe?token=${encodeURIComponent(token)}">
<button type="submit">${escapeHtml(mailPreferenceMessages.confirmButton)}</button>
</form>`,
      );
    },
  );
};
