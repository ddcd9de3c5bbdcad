import { AdminPage } from "@/features/admin/components/admin-page";

/** /admin: behind AdminGuard; the server checks every admin call again. */
export function AdminRoute() {
  return <AdminPage />;
}
