import { CreateGroupForm } from "@/features/groups/components/create-group-form";

/** /create-group. */
export function CreateGroupRoute() {
  return <CreateGroupForm />;
}
