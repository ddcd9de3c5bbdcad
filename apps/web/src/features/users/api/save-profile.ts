import { authApi, authProviderApi } from "@eitheror/shared/auth/contract";
import type { ProfileForm, UserData } from "@eitheror/shared/auth/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";
import { emailForSignIn } from "@/lib/email-for-sign-in";
import { uploadProfileImage } from "./upload-profile-image";

interface SaveProfileInput extends ProfileForm {
  photo: File | null;
}

/**
 * Own profile save (docs/product.md#sign-in-flow): the photo, the name and photo
 * on the identity, a link to a new address (the address changes only once that
 * link is opened; this browser remembers it, so the link opens without asking),
 * then the app's record. Answers the address a link went to, if any.
 */
export function useSaveProfile(user: UserData, onSaved: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ displayName, email, photo }: SaveProfileInput) => {
      const image = photo ? await uploadProfileImage(user.uid, photo) : undefined;
      const name = displayName !== user.displayName ? displayName : undefined;
      if (name || image) await callApi(authProviderApi.updateUser, { body: { name, image } });
      const newEmail = email !== user.email ? email : null;
      if (newEmail) {
        emailForSignIn.write(newEmail);
        await callApi(authApi.sendEmailChange, { body: { email: newEmail } });
      }
      await callApi(authApi.updateUserProperties, { body: {} });
      await Promise.all([
        onSaved(),
        queryClient.invalidateQueries({
          queryKey: operationKey(authApi.user, { id: user.id }),
        }),
      ]);
      return { newEmail };
    },
  });
}
