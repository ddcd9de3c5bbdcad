import { customType, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** File storage (re-encoded images) by key, e.g. `profile-images/{uid}`; any instance serves it. */
export const files = pgTable("files", {
  key: text("key").primaryKey(),
  content: bytea("content").notNull(),
  contentType: text("content_type").notNull(),
  /** Hash of the content: part of the immutable URL, so a new upload gets a new URL. */
  version: text("version").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
