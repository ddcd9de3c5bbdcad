import { DeleteAccountPage } from "@/features/users/components/delete-account-page";

/** /account/delete: the e-mailed deletion link's page; the token is the proof, not a session. */
export function DeleteAccountRoute() {
  return <DeleteAccountPage />;
}
