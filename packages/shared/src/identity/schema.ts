import { z } from "zod";
import { dataEnvelope } from "../api/envelope";

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

export const checkAdminResponseSchema = dataEnvelope(z.object({ isAdmin: z.boolean() }));
export type CheckAdminResponse = z.infer<typeof checkAdminResponseSchema>;
