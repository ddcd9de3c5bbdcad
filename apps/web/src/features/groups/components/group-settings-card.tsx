import type { GroupData, GroupFields } from "@eitheror/shared/groups/schema";
import { groupMessages } from "@eitheror/shared/groups/schema";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { failureMessages } from "@/lib/form-messages";
import { useUpdateGroup } from "../api/update-group";
import { GroupForm, groupFieldLabels } from "./group-form";
import { sectionClass, sectionTitleClass } from "./section";

const unchanged = (group: GroupData, values: GroupFields) =>
  group.name === values.name &&
  group.maxMembers === values.maxMembers &&
  group.daysBetweenRounds === values.daysBetweenRounds;

/**
 * The admin's edit form (Update). Nothing changed: 'Changes Saved' at once,
 * without a call. Others see the same settings, read-only.
 */
export function GroupSettingsCard({ group, isAdmin }: { group: GroupData; isAdmin: boolean }) {
  const update = useUpdateGroup(group.id);
  const [savedWithoutCall, setSavedWithoutCall] = useState(false);
  const forget = () => {
    update.reset();
    setSavedWithoutCall(false);
  };

  return (
    <section id="edit" aria-labelledby="group-settings" className={sectionClass}>
      <h2 id="group-settings" className={sectionTitleClass}>
        {isAdmin ? "Edit Group" : "Group Settings"}
      </h2>
      {isAdmin ? (
        <div className="mt-4">
          <GroupForm
            defaultValues={{
              name: group.name,
              maxMembers: group.maxMembers,
              daysBetweenRounds: group.daysBetweenRounds,
            }}
            submitLabel="Update"
            pending={update.isPending}
            failure={
              update.isError ? failureMessages(update.error, groupMessages.updateFailed) : []
            }
            after={
              (update.isSuccess || savedWithoutCall) && (
                <Alert kind="success">{groupMessages.saved}</Alert>
              )
            }
            onEdit={forget}
            onSubmit={(values) => {
              forget();
              if (unchanged(group, values)) setSavedWithoutCall(true);
              else update.mutate(values);
            }}
          />
        </div>
      ) : (
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <Setting label={groupFieldLabels.name} value={group.name} />
          <Setting label={groupFieldLabels.maxMembers} value={group.maxMembers} />
          <Setting label={groupFieldLabels.daysBetweenRounds} value={group.daysBetweenRounds} />
        </dl>
      )}
    </section>
  );
}

function Setting({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-2xl bg-surface-muted p-4">
      <dt className="text-xs font-semibold uppercase tracking-wider text-fg-muted">{label}</dt>
      <dd className="mt-1 font-semibold text-fg">{value}</dd>
    </div>
  );
}
