import { createHash, randomBytes } from "node:crypto";
import { accountMessages, DELETION_LINK_LIFETIME_MS } from "@eitheror/shared/account/schema";
import { safeReturnUrl, toUserData } from "@eitheror/shared/auth/rules";
import { authMessages, EMAIL_LINK_LIFETIME_MS, type UserData } from "@eitheror/shared/auth/schema";
import type { Unit } from "../../db/transaction";
import type { AccountViewer } from "../../lib/auth/access";
import type { KnownDevices } from "../../lib/auth/known-device";
import type { AuthProvider, Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { AppError } from "../../lib/http/errors";
import type { Mail, MailService } from "../mail/service";
import type { RateLimiter, RateRule } from "../rate-limits/service";
import type { UserRow, UsersService } from "../users/service";
import {
  consumeDeletionToken,
  consumeEmailLinkToken,
  deleteTokensExpiredBefore,
  deleteTokensOf,
  type EmailLinkToken,
  insertEmailLinkToken,
  isExpiredSignInToken,
} from "./data";
import { deletionMail, emailChangedNotice, emailChangeMail, signInMail } from "./mail";

const TOKEN_BYTES = 32;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const LINK_ROUTER_PATH = "/sign-in/link-router";
/** Deletion links open the link router's page too: no new route on the landing page's table. */
const DELETION_PATH = `${LINK_ROUTER_PATH}?purpose=delete-account`;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
const invalidLink = () => new AppError(400, authMessages.invalidLink, { code: "invalid_link" });
const expiredLink = () => new AppError(400, authMessages.linkExpired, { code: "link_expired" });

/** Moves what a guest did (their global choice) to the account they signed in to. */
export type GuestCarryOver = (unit: Unit, guestId: string, accountId: string) => Promise<void>;

export interface AuthServiceOptions extends Core {
  authProvider: AuthProvider;
  mail: MailService;
  limiter: RateLimiter;
  users: UsersService["accounts"];
  publicUrl: string;
  appTitle: string;
  /** Sign-in links one IP address may ask for per hour. */
  linksPerIpPerHour: number;
  /** The cookie that proves a browser signed in to an address before (decision 0036). */
  devices: KnownDevices;
  carryOver: GuestCarryOver[];
}

/**
 * Links strangers may have sent to one address per hour, all of them together:
 * every request that does not prove it comes from a browser that signed in to
 * the address before (decision 0036). So an inbox gets at most this many links an
 * hour from others, however many networks they ask from.
 */
export const STRANGER_LINKS_PER_ADDRESS_PER_HOUR = 5;
/** Links the owner's own browser may ask for per hour, counted apart from strangers'. */
export const OWN_DEVICE_LINKS_PER_HOUR = 10;

function linkRules(linksPerIpPerHour: number) {
  return {
    perIp: {
      limit: linksPerIpPerHour,
      windowMs: HOUR_MS,
      message: "Too many sign-in links were requested from your network. Please try again later.",
    },
    // Counted per address AND requester: one requester's share of what follows.
    perAddressAndIp: {
      limit: 5,
      windowMs: HOUR_MS / 4,
      message:
        "Too many sign-in links were requested for this address. Please wait 15 minutes and try again.",
    },
    // Strangers share one small allowance per address: an inbox is not a target.
    strangersPerAddress: {
      limit: STRANGER_LINKS_PER_ADDRESS_PER_HOUR,
      windowMs: HOUR_MS,
      message:
        "Too many sign-in links were requested for this address. Please try again in an hour, or ask from a browser you have signed in with before.",
    },
    // The owner's browser never waits on strangers: it has an allowance of its own.
    perAddressAndDevice: {
      limit: OWN_DEVICE_LINKS_PER_HOUR,
      windowMs: HOUR_MS,
      message:
        "Too many sign-in links were requested for this address. Please try again in an hour.",
    },
    completePerIp: {
      limit: linksPerIpPerHour * 4,
      windowMs: HOUR_MS,
      message: "Too many sign-in attempts from your network. Please try again later.",
    },
  } satisfies Record<string, RateRule>;
}

/** Stores a new link's token, hashed, and answers the link that carries it. */
async function issueLink(
  { db, clock, publicUrl }: AuthServiceOptions,
  values: { email: string; purpose: EmailLinkToken["purpose"]; userId?: string },
  returnUrl: string | null,
  { path = LINK_ROUTER_PATH, lifetimeMs = EMAIL_LINK_LIFETIME_MS } = {},
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const now = clock.now();
  await insertEmailLinkToken(db, {
    ...values,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + lifetimeMs),
    createdAt: now,
  });
  const url = new URL(path, publicUrl);
  url.searchParams.set("token", token);
  if (returnUrl) url.searchParams.set("returnUrl", returnUrl);
  return url.toString();
}

/** Sends a link at once: the person is waiting for it. A failure is a 503. */
async function deliver(mail: MailService, message: Mail) {
  try {
    await mail.send(message);
  } catch (error) {
    throw new AppError(503, authMessages.sendFailed, { cause: error });
  }
}

/** Sends the e-mailed links: sign-in and e-mail change, limited and stored hashed. */
function createLinkSender(options: AuthServiceOptions) {
  const { mail, limiter, access, publicUrl, appTitle } = options;
  const rules = linkRules(options.linksPerIpPerHour);
  const minutesValid = EMAIL_LINK_LIFETIME_MS / 60_000;

  /**
   * Counts a link to `email` asked for from `ip`; throws the 429 of the first rule
   * over its limit (the rules after it are not counted). A browser that proves it
   * signed in to `email` before (`deviceCookie`) is counted on its own, never
   * against what strangers share, so no stranger can lock the owner out.
   */
  async function limitLinks(email: string, ip: string, deviceCookie?: string) {
    await limiter.hit(`sign-in-link:ip:${ip}`, rules.perIp);
    await limiter.hit(`sign-in-link:email-ip:${email}:${ip}`, rules.perAddressAndIp);
    const deviceId = options.devices.provenFor(deviceCookie, email);
    if (deviceId) {
      await limiter.hit(
        `sign-in-link:email-device:${email}:${deviceId}`,
        rules.perAddressAndDevice,
      );
    } else {
      await limiter.hit(`sign-in-link:email:${email}`, rules.strangersPerAddress);
    }
  }

  return {
    /**
     * E-mails a sign-in link. Known and unknown addresses get the same answer and
     * the same e-mail: the account is made when the link is completed.
     */
    async sendSignInLink({
      email,
      continueUrl,
      ip,
      deviceCookie,
    }: {
      email: string;
      continueUrl: string;
      ip: string;
      /** The browser's known-device cookie, if it sent one. */
      deviceCookie?: string;
    }) {
      await limitLinks(email, ip, deviceCookie);
      const returnUrl = safeReturnUrl(
        new URL(continueUrl, publicUrl).searchParams.get("returnUrl"),
      );
      const link = await issueLink(options, { email, purpose: "sign-in" }, returnUrl);
      await deliver(mail, signInMail({ to: email, appTitle, link, minutesValid }));
      return { email };
    },

    /** E-mails a link that moves the viewer's account to a new address once opened. */
    async sendEmailChangeLink(viewer: Viewer, email: string, ip: string) {
      const account: AccountViewer = access.account(viewer);
      await limitLinks(email, ip);
      if (email === account.user.email.toLowerCase()) {
        throw new AppError(400, "This is already your e-mail address.", { code: "same_email" });
      }
      const profile = `/user-profile/${encodeURIComponent(account.user.id)}`;
      const link = await issueLink(
        options,
        { email, purpose: "change-email", userId: account.user.id },
        profile,
      );
      await deliver(mail, emailChangeMail({ to: email, appTitle, link, minutesValid }));
      return { email };
    },
  };
}

/** The account a used token proves: found or made, or moved to its new address. */
async function accountOf(
  { mail, users, publicUrl, appTitle }: AuthServiceOptions,
  unit: Unit,
  used: EmailLinkToken,
  email: string,
) {
  if (used.purpose !== "change-email" || !used.userId) return users.accountFor(unit, email);
  const changed = await users.changeEmail(unit, used.userId, email);
  if (changed && changed.previousEmail !== email) {
    const notice = emailChangedNotice({
      to: changed.previousEmail,
      newEmail: email,
      appTitle,
      feedbackLink: new URL("/feedback", publicUrl).toString(),
    });
    // The change stands either way; a lost notice is worth a log line, not a failure.
    unit.afterCommit(() => mail.send(notice));
  }
  return changed?.user ?? null;
}

/** The browser's previous session ends: a guest hands its choices to the account first. */
async function endPreviousSession(
  { users, carryOver }: AuthServiceOptions,
  unit: Unit,
  viewer: Viewer,
  account: UserRow,
) {
  if (viewer.user.id === account.id) return;
  const guestId = viewer.user.id;
  const handOver = async () => {
    for (const carry of carryOver) await carry(unit, guestId, account.id);
  };
  if (viewer.user.isAnonymous && (await users.endGuest(unit, guestId, handOver))) return;
  await users.endSession(unit, viewer.session.id);
}

/** Completes e-mailed links: the token proves the address, the session starts. */
function createLinkCompletion(options: AuthServiceOptions) {
  const { transaction, authProvider, limiter, clock } = options;
  const { completePerIp } = linkRules(options.linksPerIpPerHour);

  /**
   * Completes an e-mailed link: the token must be unused, unexpired and sent to
   * `email`. In one transaction it is used up, the account is found or made (or
   * its address changed), and a guest session in this browser ends, handing its
   * choices to the account. Then the account's session starts.
   */
  return async function complete(input: {
    token: string;
    email: string;
    viewer: Viewer | null;
    ip: string;
    headers: Headers;
    /** The browser's known-device cookie, if it sent one: it keeps its id. */
    deviceCookie?: string;
  }): Promise<{ userData: UserData; setCookies: string[] }> {
    const { token, email, viewer } = input;
    await limiter.hit(`sign-in-complete:ip:${input.ip}`, completePerIp);
    const account = await transaction(async (unit) => {
      const tokenHash = hashToken(token);
      const now = clock.now();
      const used = await consumeEmailLinkToken(unit.tx, { tokenHash, email, now });
      // Expired, and only that, is said apart (a new link to the same address is one tap);
      // a used token, an unknown one or a wrong address stay one "invalid".
      if (!used && (await isExpiredSignInToken(unit.tx, { tokenHash, email, now }))) {
        throw expiredLink();
      }
      const found = used && (await accountOf(options, unit, used, email));
      if (!found) throw invalidLink();
      if (found.banned) {
        throw new AppError(403, "This account is disabled.", { code: "account_disabled" });
      }
      if (viewer) await endPreviousSession(options, unit, viewer, found);
      return found;
    });
    const { headers: answer } = await authProvider.api.startSession({
      body: { userId: account.id },
      headers: input.headers,
      returnHeaders: true,
    });
    // This browser is now known to have signed in to the address (an e-mail change's new one).
    const known = options.devices.afterSignIn(input.deviceCookie, email);
    return {
      userData: toUserData(account, { self: true }),
      setCookies: [...answer.getSetCookie(), known],
    };
  };
}

/**
 * Account deletion links (decision 0078): the session asks for one, to the
 * account's own address; only the mailbox's owner can open it, once, within
 * DELETION_LINK_LIFETIME_MS.
 */
function createDeletionLinks(options: AuthServiceOptions) {
  const { mail, limiter, access, appTitle, clock } = options;
  const rules = linkRules(options.linksPerIpPerHour);
  return {
    async send(viewer: Viewer, ip: string) {
      const account = access.account(viewer);
      const email = account.user.email.toLowerCase();
      await limiter.hit(`deletion-link:ip:${ip}`, rules.perIp);
      await limiter.hit(`deletion-link:user:${account.user.id}`, rules.perAddressAndDevice);
      const link = await issueLink(
        options,
        { email, purpose: "delete-account", userId: account.user.id },
        null,
        { path: DELETION_PATH, lifetimeMs: DELETION_LINK_LIFETIME_MS },
      );
      const minutesValid = DELETION_LINK_LIFETIME_MS / 60_000;
      await deliver(mail, deletionMail({ to: email, appTitle, link, minutesValid }));
      return { email };
    },
    /**
     * Uses up a deletion link in the caller's unit: the account it was made for,
     * while that account still has the address it went to; else a 400 invalid_link.
     */
    async consume(
      unit: Unit,
      token: string,
      currentEmailOf: (userId: string) => Promise<string | null>,
    ) {
      const used = await consumeDeletionToken(unit.tx, {
        tokenHash: hashToken(token),
        now: clock.now(),
      });
      if (!used?.userId || (await currentEmailOf(used.userId)) !== used.email) {
        throw new AppError(400, accountMessages.badLink, { code: "invalid_link" });
      }
      return { userId: used.userId, email: used.email };
    },
    /** Forgets every link of a deleted account, and every link sent to its address. */
    forget(unit: Unit, who: { userId: string; email: string }) {
      return deleteTokensOf(unit.tx, who);
    },
  };
}

export function createAuthService(options: AuthServiceOptions) {
  const { db, clock } = options;
  return {
    deletionLinks: createDeletionLinks(options),
    /** The cookie a browser proves an earlier sign-in with, for the routes to read. */
    deviceCookieName: options.devices.cookieName,
    links: createLinkSender(options),
    complete: createLinkCompletion(options),
    /** Forgets tokens a day after they expired. */
    async prune() {
      await deleteTokensExpiredBefore(db, new Date(clock.now().getTime() - DAY_MS));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
