import { createHmac } from "node:crypto";
import {
  type MailKind,
  type MailPreferences,
  mailKindSchema,
  mailPreferenceMessages,
} from "@eitheror/shared/notifications/schema";
import type { PushPayload } from "@eitheror/shared/push/schema";
import { roundEmails } from "@eitheror/shared/rounds/emails";
import { timeUntilDue } from "@eitheror/shared/time/rules";
import type { Unit } from "../../db/transaction";
import type { Viewer } from "../../lib/auth/provider";
import { sameText } from "../../lib/auth/signed-id";
import type { Core } from "../../lib/core";
import { AppError } from "../../lib/http/errors";
import { paced } from "../../lib/paced";
import type { MailService, QueuedMail } from "../mail/service";
import type { PushService, QueuedPush } from "../push/service";
import type { ClosedRound, RoundHooks } from "../rounds/service";
import {
  dueReminders,
  findPreferences,
  newRoundRecipients,
  resultRecipients,
  roundContexts,
  savePreferences,
  userExists,
} from "./data";
import { notificationMail } from "./mail";

const ALL_ON: MailPreferences = { reminders: true, roundResults: true, newRounds: true };
/** Reminders queued a transaction: each batch one read of who is due and one insert of their mail. */
const REMINDER_BATCH = 1000;

export interface NotificationsOptions {
  mail: MailService;
  /** Web Push: a kind pushed to someone's device is not e-mailed to them too (decision 0076). */
  push: PushService;
  /** The server's secret (AUTH_SECRET or the kept one): signs unsubscribe links. */
  secret: string;
  publicUrl: string;
  appTitle: string;
}

const badLink = () => new AppError(400, mailPreferenceMessages.badLink, { code: "invalid_link" });

/**
 * Unsubscribe tokens: who and which kind, signed with HMAC-SHA256 under a key
 * of its own derived from the server's secret. They do not expire: an old
 * e-mail's link should still work, and all it can do is turn a kind off.
 */
function createTokens(secret: string) {
  const key = createHmac("sha256", secret).update("eitheror mail unsubscribe").digest();
  const sign = (payload: string) =>
    createHmac("sha256", key).update(payload).digest().toString("base64url");
  return {
    issue(userId: string, kind: MailKind): string {
      const payload = Buffer.from(JSON.stringify({ u: userId, k: kind })).toString("base64url");
      return `${payload}.${sign(payload)}`;
    },
    /** Who and which kind; throws the 400 for anything not signed by this server. */
    read(token: string): { userId: string; kind: MailKind } {
      const [payload, signature, extra] = token.split(".");
      if (!payload || !signature || extra !== undefined) throw badLink();
      // The signature as the server wrote it: another spelling of its bytes is refused.
      if (!sameText(signature, sign(payload))) throw badLink();
      try {
        const { u, k } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
        if (typeof u !== "string") throw badLink();
        return { userId: u, kind: mailKindSchema.parse(k) };
      } catch {
        throw badLink();
      }
    },
  };
}

type Tokens = ReturnType<typeof createTokens>;

/** The links every game e-mail carries. */
function mailLinks({ publicUrl }: NotificationsOptions, tokens: Tokens) {
  return {
    group: (groupId: string) => `${publicUrl}/group/${encodeURIComponent(groupId)}`,
    unsubscribe: (userId: string, kind: MailKind) => ({
      unsubscribeLabel: roundEmails.unsubscribe(mailPreferenceMessages.labels[kind]),
      unsubscribeLink: `${publicUrl}/api/mail/unsubscribe?token=${tokens.issue(userId, kind)}`,
    }),
  };
}

/** A person's notification of one kind: by e-mail, by push, or both. */
interface Delivery {
  userId: string;
  mail: boolean;
  push: boolean;
}

/**
 * Queues the e-mails and pushes of one kind in the caller's transaction, each
 * recipient by the channels their row says; answers how many were new. The
 * push's key is the e-mail's: once per (kind, round, member) in each outbox.
 */
async function dispatch<R extends Delivery>(
  unit: Unit,
  { mail, push }: Pick<NotificationsOptions, "mail" | "push">,
  kind: MailKind,
  recipients: R[],
  make: (person: R) => { mail: QueuedMail; push: PushPayload },
): Promise<number> {
  const mails: QueuedMail[] = [];
  const pushes: QueuedPush[] = [];
  for (const person of recipients) {
    const made = make(person);
    if (person.mail) mails.push(made.mail);
    if (person.push) {
      pushes.push({
        userId: person.userId,
        dedupeKey: made.mail.dedupeKey,
        kind,
        payload: made.push,
      });
    }
  }
  const mailed = await mail.enqueue(unit, mails);
  const pushed = await push.enqueue(unit, pushes);
  if (mailed) unit.afterCommit(() => mail.kick());
  if (pushed) unit.afterCommit(() => push.kick());
  return mailed + pushed;
}

/** The app's path of a group's page, which a push opens. */
const groupPath = (groupId: string) => `/group/${encodeURIComponent(groupId)}`;

/** `rows` by their round, for the rounds' e-mails. */
const byRound = <T extends { roundId: string }>(rows: readonly T[]) =>
  new Map(rows.map((row) => [row.roundId, row]));

/** 'Round complete' to one participant: their points, the top three, a link to the reveal. */
function resultMail(
  options: NotificationsOptions,
  { unsubscribe }: ReturnType<typeof mailLinks>,
  { person, round, leaderboard }: ResultMailParts,
) {
  const text = roundEmails.roundComplete;
  const list = leaderboard
    .slice(0, 3)
    .map((entry) => `${entry.rank}. ${entry.displayName ?? text.unnamed}: ${entry.score}`);
  // Straight to the reveal: the archived round's page opens it on `reveal=1`.
  const path = `${groupPath(round.groupId)}/archived-round/${encodeURIComponent(round.roundId)}?reveal=1`;
  const mine = person.submitted ? text.points(person.points) : text.didNotVote;
  const message = notificationMail({
    to: person.email,
    dedupeKey: `round-complete:${round.roundId}:${person.userId}`,
    appTitle: options.appTitle,
    subject: text.subject(round.groupName),
    heading: text.heading,
    paragraphs: [text.intro(round.groupName, round.dilemma), mine, text.topThree],
    list,
    button: text.button,
    link: `${options.publicUrl}${path}`,
    ...unsubscribe(person.userId, "roundResults"),
  });
  const body = `${text.intro(round.groupName, round.dilemma)} ${mine}`;
  return { mail: message, push: { title: text.subject(round.groupName), body, url: path } };
}

interface ResultMailParts {
  person: { userId: string; email: string; points: number; submitted: boolean };
  round: { roundId: string; groupId: string; groupName: string; dilemma: string };
  leaderboard: ClosedRound["leaderboard"];
}

/**
 * 'Round complete' and 'A new round started', queued in the transaction that
 * closes or starts rounds: one round's or a sweep's batch's, in a fixed number of
 * statements.
 */
function createRoundMails(options: NotificationsOptions, links: ReturnType<typeof mailLinks>) {
  const { appTitle } = options;
  const channels = { push: options.push.enabled };
  const { group: groupLink, unsubscribe } = links;

  /** Queues 'Round complete' to each participant of the closed rounds who wants it. */
  async function closed(unit: Unit, closedRounds: ClosedRound[]) {
    const roundIds = closedRounds.map((closed) => closed.roundId);
    const contexts = byRound(await roundContexts(unit.tx, roundIds));
    const userIds = new Set(closedRounds.flatMap((c) => c.results.map((r) => r.userId)));
    const wanting = new Map(
      (await resultRecipients(unit.tx, [...userIds], channels)).map((p) => [p.userId, p]),
    );
    const recipients = closedRounds.flatMap(({ roundId, results, leaderboard }) => {
      const round = contexts.get(roundId);
      if (!round) return [];
      return results.flatMap((result) => {
        const person = wanting.get(result.userId);
        return person ? [{ ...person, ...result, round, leaderboard }] : [];
      });
    });
    await dispatch(unit, options, "roundResults", recipients, ({ round, leaderboard, ...person }) =>
      resultMail(options, links, { person, round, leaderboard }),
    );
  }

  /** Queues 'A new round started' to each member of the rounds' groups who wants it. */
  async function started(unit: Unit, roundIds: string[]) {
    const rounds = await roundContexts(unit.tx, roundIds);
    const byGroup = new Map(rounds.map((round) => [round.groupId, round]));
    const text = roundEmails.newRound;
    const recipients = await newRoundRecipients(unit.tx, [...byGroup.keys()], channels);
    await dispatch(unit, options, "newRounds", recipients, (person) => {
      const round = byGroup.get(person.groupId) as NonNullable<ReturnType<typeof byGroup.get>>;
      return {
        mail: notificationMail({
          to: person.email,
          dedupeKey: `new-round:${round.roundId}:${person.userId}`,
          appTitle,
          subject: text.subject(round.groupName),
          heading: text.heading,
          paragraphs: [
            text.intro(round.groupName),
            `${round.dilemma} — A: ${round.optionA} · B: ${round.optionB}`,
          ],
          button: text.button,
          link: groupLink(round.groupId),
          ...unsubscribe(person.userId, "newRounds"),
        }),
        push: {
          title: text.subject(round.groupName),
          body: `${text.intro(round.groupName)} ${round.dilemma}`,
          url: groupPath(round.groupId),
        },
      };
    });
  }

  return { closed, started } satisfies RoundHooks;
}

/** Reminders to submit, queued by a job once per round and person. */
function createReminders(
  { transaction, clock, pacer }: Core,
  options: NotificationsOptions,
  { group: groupLink, unsubscribe }: ReturnType<typeof mailLinks>,
) {
  const { appTitle } = options;
  const channels = { push: options.push.enabled };
  /**
   * Queues the reminders due now, REMINDER_BATCH per transaction, batch after
   * batch (paced, decision 0081); answers how many. Once per round and person (the dedupe key).
   */
  async function send(): Promise<number> {
    let queued = 0;
    await paced(
      async () => {
        const { due, sent } = await sendBatch();
        queued += sent;
        // A full batch that queued nothing (already queued meanwhile) ends the run, as an empty one does.
        return due === REMINDER_BATCH && sent > 0;
      },
      { pacer },
    );
    return queued;
  }

  /** One batch of due reminders, in a transaction: how many were due, and how many queued. */
  function sendBatch(): Promise<{ due: number; sent: number }> {
    return transaction(async (unit) => {
      const now = clock.now();
      const text = roundEmails.reminder;
      const dues = await dueReminders(unit.tx, now, REMINDER_BATCH, channels);
      if (dues.length === 0) return { due: 0, sent: 0 };
      const contexts = byRound(
        await roundContexts(unit.tx, [...new Set(dues.map((due) => due.roundId))]),
      );
      const known = dues.filter((due) => contexts.has(due.roundId));
      const sent = await dispatch(unit, options, "reminders", known, (due) => {
        const round = contexts.get(due.roundId) as NonNullable<ReturnType<typeof contexts.get>>;
        const intro = text.intro(round.groupName, timeUntilDue(round.dueDate, now));
        const message = notificationMail({
          to: due.email,
          dedupeKey: `reminder:${due.roundId}:${due.userId}`,
          appTitle,
          subject: text.subject(round.groupName),
          heading: text.heading,
          paragraphs: [intro, round.dilemma],
          button: text.button,
          link: groupLink(round.groupId),
          ...unsubscribe(due.userId, "reminders"),
        });
        const push = {
          title: text.subject(round.groupName),
          body: intro,
          url: groupPath(round.groupId),
        };
        return { mail: message, push };
      });
      return { due: dues.length, sent };
    });
  }

  return { send };
}

/** Each person's choice of which e-mails they get, and the links that turn one off. */
function createPreferences({ db, clock, access }: Core, tokens: Tokens) {
  return {
    async read(viewer: Viewer): Promise<MailPreferences> {
      const me = access.account(viewer);
      return (await findPreferences(db, me.user.id)) ?? ALL_ON;
    },
    async update(viewer: Viewer, changes: MailPreferences): Promise<MailPreferences> {
      const me = access.account(viewer);
      await savePreferences(db, me.user.id, changes, clock.now());
      return changes;
    },
    /** One person's choices, for their export. */
    async exportOf(userId: string): Promise<MailPreferences> {
      return (await findPreferences(db, userId)) ?? ALL_ON;
    },
    /** Which kind a link turns off: checks the signature, changes nothing. */
    kindOf(token: string): MailKind {
      return tokens.read(token).kind;
    },
    /** Turns the link's kind off, with no session: the signature is the proof. */
    async unsubscribe(token: string): Promise<MailKind> {
      const { userId, kind } = tokens.read(token);
      if (!(await userExists(db, userId))) throw badLink();
      await savePreferences(db, userId, { [kind]: false }, clock.now());
      return kind;
    },
  };
}

/**
 * The game's e-mails, by use: `roundMails` (a round closed or started, the
 * rounds feature's hooks), `reminders`, and each person's `preferences`.
 */
export function createNotificationsService(core: Core, options: NotificationsOptions) {
  const tokens = createTokens(options.secret);
  const links = mailLinks(options, tokens);
  return {
    roundMails: createRoundMails(options, links),
    reminders: createReminders(core, options, links),
    preferences: createPreferences(core, tokens),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
