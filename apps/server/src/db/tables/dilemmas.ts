import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

/** The bank every global day and every group round draws from. */
export const dilemmas = pgTable("dilemmas", {
  id: id(),
  dilemma: text("dilemma").notNull(),
  optionA: text("option_a").notNull(),
  optionB: text("option_b").notNull(),
  /** `dilemmaKey(dilemma)`: keeps the bank free of duplicates whatever adds to it. */
  dedupeKey: text("dedupe_key").notNull().unique(),
  source: text("source", { enum: ["bank", "generated", "admin"] })
    .notNull()
    .default("bank"),
  createdAt: createdAt(),
});
