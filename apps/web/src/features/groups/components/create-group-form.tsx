import { groupMessages } from "@eitheror/shared/groups/schema";
import { UsersRound } from "lucide-react";
import { useNavigate } from "react-router";
import { Card, cardTitleClass } from "@/components/ui/card";
import { IconBadge } from "@/components/ui/icon-badge";
import { PageTitle } from "@/components/ui/page-title";
import { paths } from "@/config/paths";
import { failureMessages } from "@/lib/form-messages";
import { useCreateGroup } from "../api/create-group";
import { GroupForm } from "./group-form";

/** Sensible starting values: a handful of friends, a round a week. */
const starting = { name: "", maxMembers: 10, daysBetweenRounds: 7 };

/** /create-group: name, max members, days between rounds; Create leads to the new group. */
export function CreateGroupForm() {
  const navigate = useNavigate();
  const create = useCreateGroup();
  return (
    <Card className="mx-auto max-w-xl">
      <PageTitle screen="Create Group" />
      <IconBadge>
        <UsersRound className="size-6" />
      </IconBadge>
      <h1 className={cardTitleClass}>Create Group</h1>
      <p className="mt-2 text-fg-muted">
        You will be its admin: invite friends with a link, then start the first round.
      </p>
      <div className="mt-6">
        <GroupForm
          defaultValues={starting}
          submitLabel="Create"
          pending={create.isPending || create.isSuccess}
          failure={create.isError ? failureMessages(create.error, groupMessages.createFailed) : []}
          onEdit={create.reset}
          onSubmit={(values) =>
            create.mutate(values, { onSuccess: (groupId) => navigate(paths.group(groupId)) })
          }
        />
      </div>
    </Card>
  );
}
