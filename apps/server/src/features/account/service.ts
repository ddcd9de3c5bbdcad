import {
  ACCOUNT_EXPORT_FORMAT,
  type AccountExport,
  accountMessages,
} from "@eitheror/shared/account/schema";
import { toUserData } from "@eitheror/shared/auth/rules";
import type { Unit } from "../../db/transaction";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { escapeHtml } from "../../lib/html";
import { invariant, notFound } from "../../lib/http/errors";
import type { AuthService } from "../auth/service";
import type { FeedbackService } from "../feedback/service";
import type { GlobalDilemmaService } from "../global-dilemma/service";
import type { GroupsService, Handover } from "../groups/service";
import type { MailService } from "../mail/service";
import type { ModerationService } from "../moderation/service";
import type { NotificationsService } from "../notifications/service";
import type { ProfileImagesService } from "../profile-images/service";
import type { PushService } from "../push/service";
import type { RateLimiter } from "../rate-limits/service";
import type { RoundsService } from "../rounds/service";
import type { UserRow, UsersService } from "../users/service";
import { newAdminMail } from "./mail";

/** The features whose rows make up an account, each asked for its own part. */
export interface AccountParts {
  auth: AuthService;
  users: UsersService;
  groups: GroupsService;
  rounds: RoundsService;
  globalDilemmas: GlobalDilemmaService;
  feedback: FeedbackService;
  moderation: ModerationService;
  notifications: NotificationsService;
  push: PushService;
  mail: MailService;
  limiter: RateLimiter;
  profileImages: ProfileImagesService;
  publicUrl: string;
  appTitle: string;
}

/** What names a person in text: their id, address and name (its HTML form too). */
function needlesOf(account: UserRow): string[] {
  const name = account.name.trim();
  const words = [account.id, account.email, ...(name.length >= 2 ? [name, escapeHtml(name)] : [])];
  return [...new Set(words)];
}

/**
 * Deletes an account in the caller's unit (decision 0078): out of every group
 * (a group it ran passes on, an empty one goes), its closed rounds to a "Deleted
 * player" stand-in, then everything that names it, then its row and all that
 * cascades from it. The new admins are told by e-mail.
 */
async function deleteInUnit(parts: AccountParts, unit: Unit, account: UserRow) {
  const handovers = await parts.groups.membership.forget(unit, account.id);
  const standIn = await parts.users.deletion.tombstone(unit);
  await parts.rounds.keepClosedRoundsAs(unit, account.id, standIn);
  const needles = needlesOf(account);
  await parts.moderation.forget(unit, { userId: account.id, standIn, needles });
  await parts.auth.deletionLinks.forget(unit, { userId: account.id, email: account.email });
  await parts.profileImages.forget(unit, account.id);
  await parts.mail.forget(unit, needles);
  await parts.push.forget(unit, needles);
  await parts.limiter.forget(unit, needles);
  await parts.users.deletion.erase(unit, account);
  await tellNewAdmins(parts, unit, handovers, standIn);
}

async function tellNewAdmins(
  { mail, appTitle, publicUrl }: AccountParts,
  unit: Unit,
  handovers: Handover[],
  deletionId: string,
) {
  if (handovers.length === 0) return;
  const mails = handovers.map(({ groupId, groupName, newAdmin }) =>
    newAdminMail({ to: newAdmin.email, groupId, groupName, appTitle, publicUrl, deletionId }),
  );
  await mail.enqueue(unit, mails);
  unit.afterCommit(() => mail.kick());
}

/** Everything kept about one person, as the export's schema has it. */
async function exportOf(parts: AccountParts, core: Core, account: UserRow): Promise<AccountExport> {
  const id = account.id;
  const [groups, rounds, global, feedback, mail, pushDevices] = await Promise.all([
    parts.groups.management.exportOf(id),
    parts.rounds.exportOf(id),
    parts.globalDilemmas.exportOf(id),
    parts.feedback.exportOf(id),
    parts.notifications.preferences.exportOf(id),
    parts.push.exportOf(id),
  ]);
  const profile = toUserData(account, { self: true });
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: core.clock.now().toISOString(),
    profile: {
      id,
      displayName: profile.displayName,
      email: account.email,
      photoURL: profile.photoURL,
      createdAt: profile.createdAt,
    },
    preferences: { mail, pushDevices },
    groups,
    ...rounds,
    ...global,
    feedback,
  };
}

const noSuchAccount = () => notFound(accountMessages.noSuchAccount);

/**
 * A person's whole account (decision 0078): its export, its deletion by an
 * e-mailed link, and the product admin's deletion of it.
 */
export function createAccountService(core: Core, parts: AccountParts) {
  const { transaction, access } = core;
  const { users } = parts;
  return {
    async export(viewer: Viewer): Promise<AccountExport> {
      const me = access.account(viewer);
      const account = invariant(await users.deletion.findById(me.user.id), noSuchAccount);
      return exportOf(parts, core, account);
    },
    /** E-mails the caller a deletion link: the session alone deletes nothing. */
    sendDeletionLink: (viewer: Viewer, ip: string) => parts.auth.deletionLinks.send(viewer, ip),
    /** Deletes the account the link was sent for: the token is the proof, used once. */
    async deleteWithLink(token: string) {
      await transaction(async (unit) => {
        const { userId } = await parts.auth.deletionLinks.consume(unit, token, async (id) => {
          return (await users.deletion.findById(id, unit))?.email ?? null;
        });
        const account = invariant(await users.deletion.findById(userId, unit), noSuchAccount);
        await deleteInUnit(parts, unit, account);
      });
    },
    /** The product admin deletes an account by its address, with the same effects. */
    async deleteAsProductAdmin(viewer: Viewer, email: string) {
      access.productAdmin(viewer);
      await transaction(async (unit) => {
        const account = await users.deletion.findByEmail(email, unit);
        if (!account || account.isAnonymous) throw noSuchAccount();
        await deleteInUnit(parts, unit, account);
      });
    },
    removeGroupAsProductAdmin: (viewer: Viewer, groupId: string) =>
      parts.groups.management.removeAsProductAdmin(viewer, groupId),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
