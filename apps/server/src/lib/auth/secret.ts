import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makePrivateDir } from "../../db/data-dir-lock";

/**
 * The secret that signs session cookies. Production sets AUTH_SECRET; elsewhere one
 * is made on first start and kept in the data folder, so sessions survive restarts.
 */
export function loadAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    makePrivateDir(dataDir);
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
