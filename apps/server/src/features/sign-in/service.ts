import { createHash, randomBytes, randomUUID } from "node:crypto";
import { safeReturnUrl, toUserData } from "@eitheror/shared/identity/rules";
import {
  EMAIL_LINK_LIFETIME_MS,
  identityMessages,
  type UserData,
} from "@eitheror/shared/identity/schema";
import type { clock as Clock } from "../../lib/clock";
import type { Db, Tx } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { assertAccount, type Identity, type Viewer } from "../../lib/identity";
import type { Mailer } from "../../lib/mailer";
import { pruneRateLimits, type RateLimiter, type RateRule } from "../../lib/rate-limit";
import {
  consumeEmailLinkToken,
  deleteAbandonedGuests,
  deleteSession,
  deleteTokensExpiredBefore,
  deleteUser,
  findUserByEmail,
  findUserById,
  insertEmailLinkToken,
  lockGuest,
  setUserEmail,
  type UserRow,
  upsertVerifiedUser,
} from "./data";
import { emailChangedNotice, emailChangeMail, signInMail } from "./mail";

const TOKEN_BYTES = 32;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const GUESTS_PER_PRUNE = 1000;
const LINK_ROUTER_PATH = "/sign-in/link-router";

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Moves what a guest did (their global choice) to the account they signed in to. */
export type GuestCarryOver = (tx: Tx, guestId: string, accountId: string) => Promise<void>;

export interface SignInServiceOptions {
  db: Db;
  identity: Identity;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: typeof Clock;
  publicUrl: string;
  appTitle: string;
  /** Sign-in links one IP address may ask for per hour. */
  linksPerIpPerHour: number;
  carryOver: GuestCarryOver[];
  log: { warn(details: object, message: string): void };
}

export function createSignInService(options: SignInServiceOptions) {
  const { db, identity, mailer, limiter, clock, publicUrl, appTitle } = options;

  const rules = {
    // Counted per address AND requester, so a stranger asking for someone's links
    // uses up only their own allowance, not the owner's.
    perAddressAndIp: {
      limit: 5,
      windowMs: HOUR_MS / 4,
      message:
        "Too many sign-in links were requested for this address. Please wait 15 minutes and try again.",
    },
    // And a cap per address that only many networks together reach: an inbox is not a target.
    perAddress: {
      limit: 30,
      windowMs: HOUR_MS,
      message:
        "Too many sign-in links were requested for this address. Please try again in an hour.",
    },
    perIp: {
      limit: options.linksPerIpPerHour,
      windowMs: HOUR_MS,
      message: "Too many sign-in links were requested from your network. Please try again later.",
    },
    completePerIp: {
      limit: options.linksPerIpPerHour * 4,
      windowMs: HOUR_MS,
      message: "Too many sign-in attempts from your network. Please try again later.",
    },
  } satisfies Record<string, RateRule>;

  function linkFor(token: string, returnUrl: string | null): string {
    const url = new URL(LINK_ROUTER_PATH, publicUrl);
    url.searchParams.set("token", token);
    if (returnUrl) url.searchParams.set("returnUrl", returnUrl);
    return url.toString();
  }

  async function issueLink(
    values: { email: string; purpose: "sign-in" | "change-email"; userId?: string },
    returnUrl: string | null,
  ): Promise<string> {
    const token = randomBytes(TOKEN_BYTES).toString("base64url");
    const now = clock.now();
    await insertEmailLinkToken(db, {
      ...values,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_LINK_LIFETIME_MS),
      createdAt: now,
    });
    return linkFor(token, returnUrl);
  }

  /** Counts a link to `email` asked for from `ip`; throws the 429 of the first rule over its limit. */
  async function limitLinks(email: string, ip: string) {
    await limiter.hit(`sign-in-link:ip:${ip}`, rules.perIp);
    await limiter.hit(`sign-in-link:email-ip:${email}:${ip}`, rules.perAddressAndIp);
    await limiter.hit(`sign-in-link:email:${email}`, rules.perAddress);
  }

  async function deliver(mail: Parameters<Mailer["send"]>[0]) {
    try {
      await mailer.send(mail);
    } catch (error) {
      throw Object.assign(new AppError(503, identityMessages.sendFailed), { cause: error });
    }
  }

  const minutesValid = EMAIL_LINK_LIFETIME_MS / 60_000;

  return {
    /**
     * Forgets tokens a day after they expired, rate windows over a day old, and
     * guests whose sessions have all run out (a batch at a time: PGlite runs one
     * statement at a time, and a long one would stall every request).
     */
    async prune() {
      const now = clock.now();
      const dayAgo = new Date(now.getTime() - DAY_MS);
      await deleteTokensExpiredBefore(db, dayAgo);
      await pruneRateLimits(db, dayAgo);
      await deleteAbandonedGuests(db, { before: dayAgo, now, limit: GUESTS_PER_PRUNE });
    },

    /**
     * E-mails a sign-in link. Known and unknown addresses get the same answer and
     * the same e-mail: the account is made when the link is completed.
     */
    async sendSignInLink({
      email,
      continueUrl,
      ip,
    }: {
      email: string;
      continueUrl: string;
      ip: string;
    }): Promise<{ email: string }> {
      await limitLinks(email, ip);
      const returnUrl = safeReturnUrl(
        new URL(continueUrl, publicUrl).searchParams.get("returnUrl"),
      );
      const link = await issueLink({ email, purpose: "sign-in" }, returnUrl);
      await deliver(signInMail({ to: email, appTitle, link, minutesValid }));
      return { email };
    },

    /** E-mails a link that moves the viewer's account to a new address once opened. */
    async sendEmailChangeLink(viewer: Viewer, email: string, ip: string) {
      assertAccount(viewer);
      await limitLinks(email, ip);
      if (email === viewer.user.email.toLowerCase()) {
        throw new AppError(400, "This is already your e-mail address.");
      }
      const link = await issueLink(
        { email, purpose: "change-email", userId: viewer.user.id },
        `/user-profile/${encodeURIComponent(viewer.user.id)}`,
      );
      await deliver(emailChangeMail({ to: email, appTitle, link, minutesValid }));
      return { email };
    },

    /**
     * Completes an e-mailed link: the token must be unused, unexpired and sent to
     * `email`. In one transaction it is used up, the account is found or made (or
     * its address changed), and a guest session in this browser ends, handing its
     * choices to the account. Then the account's session starts.
     */
    async complete({
      token,
      email,
      viewer,
      ip,
      headers,
    }: {
      token: string;
      email: string;
      viewer: Viewer | null;
      ip: string;
      headers: Headers;
    }): Promise<{ userData: UserData; setCookies: string[] }> {
      await limiter.hit(`sign-in-complete:ip:${ip}`, rules.completePerIp);
      let previousEmail: string | null = null;
      const account = await db.transaction(async (tx) => {
        const now = clock.now();
        const used = await consumeEmailLinkToken(tx, { tokenHash: hashToken(token), email, now });
        if (!used) throw new AppError(400, identityMessages.invalidLink);

        let found: UserRow | null;
        if (used.purpose === "change-email" && used.userId) {
          const changed = await changeEmail(tx, used.userId, email, now);
          found = changed?.user ?? null;
          previousEmail = changed?.previousEmail ?? null;
        } else {
          found = await upsertVerifiedUser(tx, { id: randomUUID(), email, now });
        }
        if (!found) throw new AppError(400, identityMessages.invalidLink);
        if (found.banned) throw new AppError(403, "This account is disabled.");

        if (viewer && viewer.user.id !== found.id) {
          if (viewer.user.isAnonymous && (await lockGuest(tx, viewer.user.id))) {
            for (const carry of options.carryOver) await carry(tx, viewer.user.id, found.id);
            await deleteUser(tx, viewer.user.id);
          } else {
            await deleteSession(tx, viewer.session.id);
          }
        }
        return found;
      });

      if (previousEmail && previousEmail !== email) {
        const notice = emailChangedNotice({
          to: previousEmail,
          newEmail: email,
          appTitle,
          feedbackLink: new URL("/feedback", publicUrl).toString(),
        });
        // The change stands either way; a lost notice is worth a log line, not a failure.
        await mailer
          .send(notice)
          .catch((err) => options.log.warn({ err }, "e-mail change notice not sent"));
      }

      const { headers: answer } = await identity.api.startSession({
        body: { userId: account.id },
        headers,
        returnHeaders: true,
      });
      return {
        userData: toUserData(account, { self: true }),
        setCookies: answer.getSetCookie(),
      };
    },
  };
}

async function changeEmail(tx: Tx, userId: string, email: string, now: Date) {
  const taken = await findUserByEmail(tx, email);
  if (taken && taken.id !== userId) {
    throw new AppError(409, "This e-mail address is already used by another account.");
  }
  const before = await findUserById(tx, userId);
  const user = await setUserEmail(tx, { userId, email, now });
  return user && before ? { user, previousEmail: before.email } : null;
}

export type SignInService = ReturnType<typeof createSignInService>;
