import { index, pgTable, text } from "drizzle-orm/pg-core";
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
  },
  (table) => [index("feedback_created_at_idx").on(table.createdAt)],
);
