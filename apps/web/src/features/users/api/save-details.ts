import { authApi, authProviderApi } from "@eitheror/shared/auth/contract";
import type { DetailsForm } from "@eitheror/shared/auth/schema";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";
import { uploadProfileImage } from "./upload-profile-image";

interface SaveDetailsInput extends DetailsForm {
  photo: File | null;
}

/**
 * Details save (docs/product.md#sign-in-flow): the photo, then the name and photo
 * on the identity, then the app's own user record (`isAdmin` is part of the
 * contract; the server decides who is an admin). `onSaved` then reloads the
 * session, which moves the now fully signed-in user on.
 */
export function useSaveDetails(userId: string, onSaved: () => Promise<unknown>) {
  return useMutation({
    mutationFn: async ({ displayName, photo }: SaveDetailsInput) => {
      const photoURL = photo ? await uploadProfileImage(userId, photo) : undefined;
      await callApi(authProviderApi.updateUser, {
        body: { name: displayName, ...(photoURL && { image: photoURL }) },
      });
      await callApi(authApi.newUserProperties, { body: { isAdmin: false } });
      await onSaved();
    },
  });
}
