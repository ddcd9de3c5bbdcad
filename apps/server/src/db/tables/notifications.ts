import { boolean, pgTable } from "drizzle-orm/pg-core";
import { userRef } from "./auth";
import { updatedAt } from "./columns";

/** Which game e-mails a person gets; no row: all of them. */
export const userMailPreferences = pgTable("user_mail_preferences", {
  userId: userRef().primaryKey(),
  reminders: boolean("reminders").notNull().default(true),
  roundResults: boolean("round_results").notNull().default(true),
  newRounds: boolean("new_rounds").notNull().default(true),
  updatedAt: updatedAt(),
});
