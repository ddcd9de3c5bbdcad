import { accountApi } from "@eitheror/shared/account/contract";
import type { AccountExport } from "@eitheror/shared/account/schema";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api-client";

/** Hands the export to the browser as a file: one JSON download (decision 0078). */
function download(data: AccountExport) {
  const blob = new Blob([JSON.stringify({ data }, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `eitheror-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /users/me/export, made on each press and downloaded. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => download((await callApi(accountApi.export)).data),
  });
}

/** E-mails the deletion link to the signed-in person's address. */
export function useSendDeletionLink() {
  return useMutation({
    mutationFn: async () => (await callApi(accountApi.sendDeletionLink)).data,
  });
}

/** Deletes the account the e-mailed link's token was made for. */
export function useDeleteWithLink() {
  return useMutation({
    mutationFn: async (token: string) =>
      (await callApi(accountApi.deleteWithLink, { body: { token } })).data,
  });
}
