import { eq } from "drizzle-orm";
import { firstOrNull, type Tx } from "../../db/client";
import { files } from "../../db/schema";

export type StoredFile = typeof files.$inferSelect;

/** Stores `file` under its key, replacing what was there. */
export async function putFile(tx: Tx, file: Omit<typeof files.$inferInsert, "createdAt">) {
  await tx
    .insert(files)
    .values(file)
    .onConflictDoUpdate({
      target: files.key,
      set: {
        content: file.content,
        contentType: file.contentType,
        version: file.version,
        updatedAt: file.updatedAt,
      },
    });
}

export async function findFile(tx: Tx, key: string): Promise<StoredFile | null> {
  return firstOrNull(await tx.select().from(files).where(eq(files.key, key)));
}

export async function deleteFile(tx: Tx, key: string) {
  await tx.delete(files).where(eq(files.key, key));
}
