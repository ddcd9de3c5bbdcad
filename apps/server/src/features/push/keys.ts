import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webpush from "web-push";
import type { Config } from "../../config";
import { makePrivateDir } from "../../db/data-dir-lock";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** The contact the push services see: a mailto: or https: URL. */
  subject: string;
}

const FILE = "vapid-keys.json";

/**
 * The VAPID keys: production's VAPID_* variables; elsewhere a pair made once with
 * web-push and kept in DATA_DIR (the browsers' subscriptions are bound to the
 * public key, so it must survive restarts). Production without them: null, no pushes.
 */
export function loadVapidKeys(config: Config): VapidKeys | null {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = config;
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY && VAPID_SUBJECT) {
    return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT };
  }
  if (config.APP_ENV === "production") return null;
  const subject = "mailto:no-reply@eitheror.local";
  const file = join(config.DATA_DIR, FILE);
  try {
    const kept = JSON.parse(readFileSync(file, "utf8"));
    if (typeof kept.publicKey === "string" && typeof kept.privateKey === "string") {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
    }
  } catch {
    // None kept yet (or unreadable): a new pair below.
  }
  makePrivateDir(config.DATA_DIR);
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify({ publicKey, privateKey }), { mode: 0o600 });
  return { publicKey, privateKey, subject };
}
