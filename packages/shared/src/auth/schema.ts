import { z } from "zod";
import { dataEnvelope } from "../api/envelope";
import { freeTextSchema } from "../validation/fields";
import { fieldMessages } from "../validation/messages";
import { isStorableText } from "../validation/text";

/** The user as the web client sees it in its own session. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  isAnonymous: z.boolean().nullable().optional(),
  createdAt: z.coerce.date(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** better-auth's GET /api/auth/get-session as the client reads it: null when nobody is signed in. */
export const sessionSchema = z
  .object({
    session: z.object({ id: z.string(), expiresAt: z.coerce.date() }),
    user: sessionUserSchema,
  })
  .nullable();
export type Session = z.infer<typeof sessionSchema>;

export const checkAdminResponseSchema = dataEnvelope(z.object({ isAdmin: z.boolean() }));
export type CheckAdminResponse = z.infer<typeof checkAdminResponseSchema>;

// ── Limits (docs/product.md#validation, #limits) ──

export const MAX_EMAIL_LENGTH = 254;
export const MIN_DISPLAY_NAME_LENGTH = 2;
/**
 * A display name's one limit, at sign-in details, on the profile and on the
 * server: the product's two limits (50 and 24) unified to 50 (decision 0052).
 */
export const MAX_DISPLAY_NAME_LENGTH = 50;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const PROFILE_IMAGE_SIZE = 400;
/** How long an e-mailed sign-in link works (OWASP ASVS: short-lived). */
export const EMAIL_LINK_LIFETIME_MS = 10 * 60 * 1000;

// ── Texts on screen (docs/product.md#screens, #messages) ──

export const authMessages = {
  linkSent: (email: string) => `Sign in by clicking link sent to your email: ${email}`,
  checkSpam: "(Also check your spam folder)",
  sendFailed: "Internal error. Please try signing in again.",
  invalidLink: "Invalid sign in link. Please try signing in again",
  /** A sign-in link past its 10 minutes (beyond the spec: the spec has one text for every bad link). */
  linkExpired: "This sign-in link has expired. Sign-in links work for 10 minutes.",
  linkExpiredHeading: "This link has expired",
  /** Before the address a new link would go to. */
  newLinkGoesTo: "One tap sends a new one to",
  sendNewLink: "Send a new link",
  goToSignIn: "Go to Sign In Page",
  detailsHeader: "Enter your Name and upload profile image (optional).",
  /** Under the spec's header, in plainer words (beyond the spec). */
  detailsSubtitle: "Choose the name your friends will see. A photo is up to you.",
  detailsFailed: "Internal error updating full name. Please try again.",
  profileFailed: "Internal error updating profile. Please try again.",
  profileSaved: "Profile Saved Successfully",
  emailChangeSent: "Email Verification Sent. Click on sent link to complete email change.",
  onlyImages: "Only image files are allowed.",
} as const;

// ── Fields ──

/** Sign-in and profile e-mail: required, valid, trimmed and lowercased (docs/product.md#validation). */
export const emailSchema = z
  .string({ error: fieldMessages.required })
  .trim()
  .toLowerCase()
  .min(1, { error: fieldMessages.required, abort: true })
  .max(MAX_EMAIL_LENGTH, { error: fieldMessages.maxLength(MAX_EMAIL_LENGTH) })
  .pipe(z.email({ error: fieldMessages.email }));

/** A name as others see it: control and invisible characters out, trimmed. */
const displayNameSchema = freeTextSchema(MAX_DISPLAY_NAME_LENGTH, { min: MIN_DISPLAY_NAME_LENGTH });

/** Any display name the server stores: the same rule as both forms. */
export const displayNameServerSchema = displayNameSchema;

// ── Forms ──

export const signInFormSchema = z.object({ email: emailSchema });
export type SignInForm = z.infer<typeof signInFormSchema>;

export const detailsFormSchema = z.object({ displayName: displayNameSchema });
export type DetailsForm = z.infer<typeof detailsFormSchema>;

export const profileFormSchema = z.object({
  displayName: displayNameSchema,
  email: emailSchema,
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

// ── Calls ──

/**
 * POST /sign-in/email-link/send. `actionCodeSettings.url` is the link-router page
 * (with an optional returnUrl); the server keeps only its returnUrl, checked, and
 * builds the link from PUBLIC_URL.
 */
export const sendEmailLinkBodySchema = z.object({
  email: emailSchema,
  actionCodeSettings: z.object(
    {
      url: z
        .string({ error: "The continue URL is required." })
        .trim()
        .min(1, { error: "The continue URL is required." })
        .max(2048, { error: fieldMessages.maxLength(2048) }),
      handleCodeInApp: z.literal(true, { error: "handleCodeInApp must be true." }),
    },
    { error: "actionCodeSettings is required." },
  ),
});
export type SendEmailLinkBody = z.infer<typeof sendEmailLinkBodySchema>;

/** The same answer whether or not the address has an account. */
export const sendEmailLinkResponseSchema = dataEnvelope(z.object({ email: z.string() }));

/** POST /sign-in/email-link/complete: the token from the link AND the address it was sent to. */
export const completeEmailLinkBodySchema = z.object({
  token: z
    .string({ error: authMessages.invalidLink })
    .min(1, { error: authMessages.invalidLink })
    .max(200, { error: authMessages.invalidLink }),
  email: emailSchema,
});
export type CompleteEmailLinkBody = z.infer<typeof completeEmailLinkBodySchema>;

/** POST /email-change/send: a verification link to the new address. */
export const sendEmailChangeBodySchema = z.object({ email: emailSchema });

/**
 * A user as the viewer may see them (docs/product.md#screens, Profile): e-mail, verification and the
 * anonymous flag only on one's own profile.
 */
export const userDataSchema = z.object({
  uid: z.string(),
  id: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  createdAt: z.iso.datetime(),
  email: z.string().optional(),
  emailVerified: z.boolean().optional(),
  isAnonymous: z.boolean().optional(),
});
export type UserData = z.infer<typeof userDataSchema>;

export const userDataResponseSchema = dataEnvelope(z.object({ userData: userDataSchema }));
export type UserDataResponse = z.infer<typeof userDataResponseSchema>;

export const userParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** POST /new-user-properties: `isAdmin` is accepted for the contract and never trusted. */
export const newUserPropertiesBodySchema = z.object({ isAdmin: z.boolean().optional() }).optional();

/** better-auth's POST /api/auth/update-user, as the server accepts it. */
export const updateUserBodySchema = z.object({
  name: displayNameServerSchema.optional(),
  image: z
    .string()
    .max(500)
    .refine(isStorableText, { error: fieldMessages.pattern })
    .nullable()
    .optional(),
});

/** PUT /storage/profile-images/{uid}: the stored photo's URL. */
export const profileImageResponseSchema = dataEnvelope(z.object({ photoURL: z.string() }));
export const profileImageParamsSchema = z.object({ uid: z.string().min(1).max(200) });
