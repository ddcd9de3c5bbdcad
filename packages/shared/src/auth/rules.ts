import type { SessionUser, UserData } from "./schema";

/**
 * A link's token: this many random bytes, written in base64url (43 characters).
 * Here, not beside the other limits in schema.ts: the rules carry no zod, so the
 * web app's landing page can use them without it (docs/decisions/0022).
 */
export const EMAIL_LINK_TOKEN_BYTES = 32;

/**
 * Where a visitor stands (docs/product.md#routes-and-guards):
 * - `signed-out`: no session at all;
 * - `anonymous`: the automatic guest session of the landing and invite pages;
 * - `needs-details`: verified e-mail but no display name yet;
 * - `signed-in`: verified e-mail, display name set, not anonymous.
 */
export type SignInState = "signed-out" | "anonymous" | "needs-details" | "signed-in";

type StateUser = Pick<SessionUser, "name" | "emailVerified" | "isAnonymous">;

export function signInState(user: StateUser | null | undefined): SignInState {
  if (!user) return "signed-out";
  if (user.isAnonymous) return "anonymous";
  if (!user.emailVerified) return "signed-out";
  return user.name?.trim() ? "signed-in" : "needs-details";
}

/**
 * A `returnUrl` is followed only when it is a path on this site: it starts with a
 * single `/`, and holds no scheme, backslash or control character that a browser
 * could read as another origin.
 */
export function safeReturnUrl(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null;
  if (value.startsWith("//") || value.includes("\\")) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))
    return null;
  return value;
}

const TOKEN_LENGTH = Math.ceil((EMAIL_LINK_TOKEN_BYTES * 8) / 6);
const TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${TOKEN_LENGTH}}$`);

/**
 * Whether `value` can be a link token at all: EMAIL_LINK_TOKEN_BYTES random bytes
 * in unpadded base64url. Anything else (a truncated or garbled link) is bad on
 * its face, without asking the server or the person for their address.
 */
export function isEmailLinkTokenShape(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

interface UserRecord {
  id: string;
  name: string | null;
  image?: string | null;
  email: string;
  emailVerified: boolean;
  isAnonymous?: boolean | null;
  createdAt: Date;
}

/**
 * A user as `viewer` may see them (docs/product.md#screens, Profile): the public profile for anyone
 * signed in, and the address, verification and guest flag only for oneself.
 */
export function toUserData(user: UserRecord, { self }: { self: boolean }): UserData {
  const profile = {
    uid: user.id,
    id: user.id,
    displayName: user.name?.trim() || null,
    photoURL: user.image ?? null,
    createdAt: user.createdAt.toISOString(),
  };
  if (!self) return profile;
  return {
    ...profile,
    email: user.email,
    emailVerified: user.emailVerified,
    isAnonymous: Boolean(user.isAnonymous),
  };
}
