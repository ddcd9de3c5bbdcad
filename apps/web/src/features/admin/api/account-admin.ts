import { accountApi } from "@eitheror/shared/account/contract";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";

/** The product admin deletes an account by its address (decision 0078). */
export function useAdminDeleteAccount() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await callApi(accountApi.adminDeleteAccount, { body: { email } })).data,
  });
}

/** The product admin removes a group by its id. */
export function useAdminRemoveGroup() {
  return useMutation({
    mutationFn: async (id: string) =>
      (await callApi(accountApi.adminRemoveGroup, { params: { id } })).data,
  });
}
