import type { Unit } from "../../db/transaction";
import type { Viewer } from "../../lib/auth/provider";
import type { Core } from "../../lib/core";
import { forbidden, invariant, notFound } from "../../lib/http/errors";
import { deleteFile, findFile, putFile } from "./data";
import { toProfileImage } from "./images";

/** Where a user's profile photo is served; a version query makes each photo's URL its own. */
export const profileImagePath = (userId: string) =>
  `/api/storage/profile-images/${encodeURIComponent(userId)}`;

/** The storage key of the product's file storage: profile-images/{uid}. */
const keyOf = (uid: string) => `profile-images/${uid}`;

export function createProfileImagesService({ db, clock, access }: Core) {
  return {
    /**
     * Re-encodes and stores the viewer's photo; answers its URL, which changes with
     * every new photo, so browsers may cache each URL for good.
     */
    async upload(viewer: Viewer, uid: string, upload: Buffer): Promise<{ photoURL: string }> {
      const account = access.account(viewer);
      if (uid !== account.user.id) throw forbidden("You can only change your own photo.");
      const image = await toProfileImage(upload);
      await putFile(db, { key: keyOf(uid), ...image, updatedAt: clock.now() });
      return { photoURL: `${profileImagePath(uid)}?v=${image.version}` };
    },
    async read(uid: string) {
      return invariant(await findFile(db, keyOf(uid)), () =>
        notFound("This photo does not exist."),
      );
    },
    /** A deleted account's photo goes with it (decision 0078). */
    forget: (unit: Unit, uid: string) => deleteFile(unit.tx, keyOf(uid)),
    /** Whether `url` is one of this user's own uploaded photos: the only photo a profile takes. */
    isOwnPhotoUrl(userId: string, url: string): boolean {
      return url.startsWith(`${profileImagePath(userId)}?`);
    },
  };
}

export type ProfileImagesService = ReturnType<typeof createProfileImagesService>;
