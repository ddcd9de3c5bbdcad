import type { clock as Clock } from "../../lib/clock";
import type { Db } from "../../lib/db";
import { AppError, notFound } from "../../lib/errors";
import { assertAccount, profileImagePath, type Viewer } from "../../lib/identity";
import { toProfileImage } from "../../lib/images";
import { findFile, putFile } from "./data";

/** The storage key of the spec: profile-images/{uid}. */
const keyOf = (uid: string) => `profile-images/${uid}`;

export function createProfileImagesService({ db, clock }: { db: Db; clock: typeof Clock }) {
  return {
    /**
     * Re-encodes and stores the viewer's photo; answers its URL, which changes with
     * every new photo, so browsers may cache each URL for good.
     */
    async upload(viewer: Viewer, uid: string, upload: Buffer): Promise<{ photoURL: string }> {
      assertAccount(viewer);
      if (uid !== viewer.user.id) throw new AppError(403, "You can only change your own photo.");
      const image = await toProfileImage(upload);
      await putFile(db, { key: keyOf(uid), ...image, updatedAt: clock.now() });
      return { photoURL: `${profileImagePath(uid)}?v=${image.version}` };
    },

    async read(uid: string) {
      const file = await findFile(db, keyOf(uid));
      if (!file) throw notFound("This photo does not exist.");
      return file;
    },
  };
}

export type ProfileImagesService = ReturnType<typeof createProfileImagesService>;
