import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, id } from "./columns";

/** What people tell the team; the sender stays known while their account exists. */
export const feedback = pgTable(
  "feedback",
  {
    id: id(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
    /** Marked done by a product admin. */
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (table) => [index("feedback_created_at_idx").on(table.createdAt)],
);
