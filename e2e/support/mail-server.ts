/**
 * The e2e mail catcher: a real SMTP server the app sends to (SMTP_URL), and a tiny
 * HTTP API the journeys read it from, since they run in other processes.
 *   GET /mails?to=<address>  → the newest mail to that address, or 404
 *   GET /mails/all?to=<address> → every mail to that address, oldest first
 *   GET /health              → 200
 */
import { createServer } from "node:http";
import { startSmtpReceiver } from "../../apps/server/test/smtp-receiver";

const smtpPort = Number(process.env.SMTP_PORT);
const httpPort = Number(process.env.MAILBOX_PORT);

const receiver = await startSmtpReceiver(smtpPort);
const http = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/health") {
    response.writeHead(200).end("ok");
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  if (url.pathname === "/mails/all" && to) {
    const all = receiver.mails.filter((candidate) => candidate.to.includes(to));
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(all));
    return;
  }
  const mail = to ? receiver.mails.findLast((candidate) => candidate.to.includes(to)) : undefined;
  if (url.pathname !== "/mails" || !mail) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(mail));
});
http.listen(httpPort, "127.0.0.1");

const stop = async () => {
  http.close();
  await receiver.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
