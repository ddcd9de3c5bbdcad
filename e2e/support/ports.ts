/** Ports of the e2e run: the app, and the mail catcher's SMTP and HTTP sides. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3310);
export const SMTP_PORT = APP_PORT + 15;
export const MAILBOX_PORT = APP_PORT + 16;
export const MAILBOX_URL = `http://127.0.0.1:${MAILBOX_PORT}`;
