import type { Option, Vote } from "@eitheror/shared/rounds/schema";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { Check, CircleAlert } from "lucide-react";
import { type Ref, useId, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useSaveVote } from "../api/save-vote";
import { CommentField } from "./comment-field";
import type { RoundMember } from "./member-status";

/**
 * One member's voting card: name and photo, A and B (the chosen one filled),
 * Comments. A choice is saved at once, a comment when its box loses focus; a
 * quiet 'Saved' says it went through. `missing`: Submit Votes found no pick
 * here, and the card says so until there is one.
 */
export function VoteCard({
  groupId,
  roundId,
  member,
  isViewer,
  vote,
  optionA,
  optionB,
  missing = false,
  ref,
}: {
  groupId: string;
  roundId: string;
  member: RoundMember;
  isViewer: boolean;
  vote: Vote | undefined;
  optionA: string;
  optionB: string;
  missing?: boolean;
  ref?: Ref<HTMLLIElement>;
}) {
  const save = useSaveVote(groupId, roundId);
  const missingId = useId();
  const [comment, setComment] = useState(vote?.comments ?? "");
  const pendingOption = save.isPending ? save.variables?.optionSelected : undefined;
  const chosen = pendingOption ?? vote?.optionSelected ?? null;
  const flagged = missing && !chosen;
  const name = member.displayName ?? "Member";
  const choose = (option: Option) =>
    save.mutate({ selectedFor: member.id, optionSelected: option });
  const commit = () => {
    if (comment.trim() !== (vote?.comments ?? "")) {
      save.mutate({ selectedFor: member.id, comments: comment });
    }
  };
  return (
    <li
      ref={ref}
      aria-label={`${name}${isViewer ? " (You)" : ""}`}
      className={cn(
        "scroll-mt-24 rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border",
        flagged && "ring-2 ring-danger-line",
      )}
    >
      <div className="flex items-center gap-3">
        <Avatar name={member.displayName} src={member.photoURL} size={44} alt="" />
        <h3 className="min-w-0 flex-1 break-words font-semibold text-fg">
          {name}
          {isViewer && <span className="ml-1 font-normal text-fg-muted">(You)</span>}
        </h3>
        <SaveState pending={save.isPending} saved={save.isSuccess} error={save.error} />
      </div>
      {flagged && (
        <p
          id={missingId}
          className="mt-3 flex items-center gap-1.5 text-sm font-medium text-danger-fg"
        >
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {roundMessages.pickMissing}
        </p>
      )}
      <fieldset
        className="mt-4"
        aria-invalid={flagged || undefined}
        aria-describedby={flagged ? missingId : undefined}
      >
        <legend className="sr-only">Your prediction for {name}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["A", "B"] as const).map((option) => (
            <ChoiceButton
              key={option}
              option={option}
              text={option === "A" ? optionA : optionB}
              selected={chosen === option}
              onClick={() => choose(option)}
            />
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        <CommentField value={comment} onChange={setComment} onCommit={commit} />
      </div>
    </li>
  );
}

function ChoiceButton({
  option,
  text,
  selected,
  onClick,
}: {
  option: Option;
  text: string;
  selected: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      data-option-text={text}
      onClick={onClick}
      className={cn(
        "flex min-h-14 min-w-0 flex-col items-center justify-center rounded-xl px-3 py-2 text-sm transition",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus",
        selected
          ? "bg-brand text-on-brand shadow-sm"
          : "bg-surface text-fg ring-1 ring-border-strong hover:bg-surface-muted",
      )}
    >
      <span className="inline-flex items-center gap-1.5 font-bold">
        {selected && <Check aria-hidden className="size-4" />}
        {option}{" "}
      </span>
      <span className="line-clamp-2 max-w-full break-words text-xs font-medium">{text}</span>
    </button>
  );
}

function SaveState({
  pending,
  saved,
  error,
}: {
  pending: boolean;
  saved: boolean;
  error: Error | null;
}) {
  const failure =
    error instanceof ApiError && error.code === "round_closed"
      ? roundMessages.roundClosed
      : error && `Not saved. ${error.message}`;
  return (
    <span role="status" className="shrink-0 text-xs">
      {pending ? (
        <Spinner className="size-4 text-fg-subtle" label="Saving" />
      ) : failure ? (
        <span className="text-danger-fg">{failure}</span>
      ) : (
        saved && (
          <span className="inline-flex animate-fade-in items-center gap-1 text-fg-subtle">
            <Check aria-hidden className="size-3.5" /> Saved
          </span>
        )
      )}
    </span>
  );
}
