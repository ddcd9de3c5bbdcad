import {
  type Proposal,
  proposalBodySchema,
  proposalMessages,
} from "@eitheror/shared/dilemmas/proposals";
import { MAX_DILEMMA_LENGTH, MAX_OPTION_LENGTH } from "@eitheror/shared/dilemmas/schema";
import type { GroupData } from "@eitheror/shared/groups/schema";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormErrors } from "@/components/ui/form-errors";
import { Input } from "@/components/ui/input";
import { LoadFailedAlert } from "@/components/ui/load-failed";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import type { FormMessage } from "@/lib/form-messages";
import { useAutoApprove, useDecideProposal, useProposals, usePropose } from "../api/proposals";
import { sectionClass, sectionTitleClass } from "./section";

const empty = { dilemma: "", optionA: "", optionB: "" };
const labels = { dilemma: "Question", optionA: "Option A", optionB: "Option B" } as const;

/** A member proposes a dilemma to the group: the bank's rules, checked here as on the server. */
function ProposeForm({ group }: { group: GroupData }) {
  const id = useId();
  const propose = usePropose(group.id);
  const [values, setValues] = useState(empty);
  const [problems, setProblems] = useState<FormMessage[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = proposalBodySchema.safeParse(values);
    if (!parsed.success) {
      setProblems(
        parsed.error.issues.map((issue) => ({
          field: labels[issue.path[0] as keyof typeof labels],
          message: issue.message,
        })),
      );
      return;
    }
    setProblems([]);
    propose.mutate(parsed.data, {
      onSuccess: (proposal) => {
        setValues(empty);
        setDone(
          proposal.status === "approved"
            ? proposalMessages.approvedAtOnce
            : proposalMessages.proposed,
        );
      },
    });
  };
  const field = (name: keyof typeof empty, label: string, max: number) => (
    <Field id={`${id}-${name}`} label={label}>
      <Input
        id={`${id}-${name}`}
        maxLength={max * 2}
        autoComplete="off"
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
    </Field>
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label={proposalMessages.propose}
    >
      {field("dilemma", "Question", MAX_DILEMMA_LENGTH)}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("optionA", "Option A", MAX_OPTION_LENGTH)}
        {field("optionB", "Option B", MAX_OPTION_LENGTH)}
      </div>
      <FormErrors id={`${id}-errors`} messages={problems} />
      {propose.isError && <Alert kind="danger">{propose.error.message}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <Button type="submit" disabled={propose.isPending}>
        {propose.isPending && <Spinner className="size-4 text-on-brand" label="Sending" />}
        {proposalMessages.propose}
      </Button>
    </form>
  );
}

function ProposalItem({
  proposal,
  group,
  isAdmin,
}: {
  proposal: Proposal;
  group: GroupData;
  isAdmin: boolean;
}) {
  const decide = useDecideProposal(group.id);
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0">
      <p className="break-words font-semibold text-fg">{proposal.dilemma}</p>
      <p className="break-words text-sm text-fg-muted">
        {proposal.optionA} / {proposal.optionB} —{" "}
        {proposalMessages.proposedBy(
          proposal.proposedBy?.displayName ?? proposalMessages.formerMember,
        )}
      </p>
      {decide.isError && <Alert kind="danger">{decide.error.message}</Alert>}
      {isAdmin ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ proposalId: proposal.id, how: "approve" })}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ proposalId: proposal.id, how: "reject" })}
          >
            Reject
          </Button>
        </div>
      ) : (
        <p className="text-sm text-fg-subtle">Waiting for the admin.</p>
      )}
    </li>
  );
}

function AutoApproveToggle({ group }: { group: GroupData }) {
  const id = useId();
  const save = useAutoApprove(group);
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-3 rounded-2xl bg-surface-muted p-3 sm:p-4">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand"
          checked={save.isPending ? (save.variables ?? false) : group.autoApproveDilemmas}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        <label htmlFor={id} className="min-w-0 text-sm font-medium text-fg">
          {proposalMessages.autoApprove}
        </label>
      </div>
      {save.isError && <Alert kind="danger">{save.error.message}</Alert>}
    </div>
  );
}

/**
 * The group's own dilemmas (decision 0077): a member proposes, the admin
 * approves or rejects (or approves them all as they come); the pending list is
 * the admin's all, a member's own.
 */
export function ProposalsCard({ group, isAdmin }: { group: GroupData; isAdmin: boolean }) {
  return (
    <section aria-labelledby="group-dilemmas" className={cn(sectionClass, "space-y-5")}>
      <div>
        <h2 id="group-dilemmas" className={sectionTitleClass}>
          Group dilemmas
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Propose a dilemma for this group. Approved ones come before the bank's, oldest first.
        </p>
      </div>
      {isAdmin && <AutoApproveToggle group={group} />}
      <ProposeForm group={group} />
      <div className="space-y-3 border-t border-border pt-5">
        <h3 className="font-semibold text-fg">
          {isAdmin ? "Waiting for approval" : "Your proposals"}
        </h3>
        <PendingList group={group} isAdmin={isAdmin} />
      </div>
    </section>
  );
}

/** The pending proposals: the admin's all, with Approve and Reject; a member's own. */
function PendingList({ group, isAdmin }: { group: GroupData; isAdmin: boolean }) {
  const proposals = useProposals(group.id);
  return (
    <>
      {proposals.isPending && <Spinner label="Loading proposals" />}
      {proposals.isError && (
        <LoadFailedAlert
          what="the proposals"
          error={proposals.error}
          onRetry={() => proposals.refetch()}
        />
      )}
      {proposals.isSuccess && proposals.data.length === 0 && (
        <p className="text-sm text-fg-subtle">No proposals waiting.</p>
      )}
      {proposals.isSuccess && proposals.data.length > 0 && (
        <ul aria-label="Proposals" className="divide-y divide-border">
          {proposals.data.map((proposal) => (
            <ProposalItem key={proposal.id} proposal={proposal} group={group} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
    </>
  );
}
