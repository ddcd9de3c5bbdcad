// @ts-check
// An SMTP server for `npm run bench` that takes every mail, counts it and keeps
// nothing, in a process of its own (not on the load generator's thread):
// SINK_SMTP_PORT takes the mail, GET http://127.0.0.1:SINK_HTTP_PORT/ answers the count.
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received++;
      callback();
    });
  },
});
smtp.listen(Number(process.env.SINK_SMTP_PORT), "127.0.0.1");
createServer((_request, response) => response.end(String(received))).listen(
  Number(process.env.SINK_HTTP_PORT),
  "127.0.0.1",
);
process.on("SIGTERM", () => process.exit(0));
