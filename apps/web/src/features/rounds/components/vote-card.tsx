import type { Option, Vote } from "@eitheror/shared/rounds/schema";
import { roundMessages } from "@eitheror/shared/rounds/schema";
import { optionTone } from "@eitheror/shared/shell/markup";
import { Check, CircleAlert } from "lucide-react";
import { memo, type Ref, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
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
 * here, and the card says so until there is one. Memoised: the ballot adds its
 * cards one at a time (useCardsShown), and the cards already there stay as they are.
 */
export const VoteCard = memo(function VoteCard({
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
        // Laid out and painted only near the screen, a card's usual height held meanwhile:
        // a ballot of 100 costs a phone what the cards in view cost (issue 41).
        "[contain-intrinsic-size:auto_13.25rem] [content-visibility:auto]",
        flagged && "ring-2 ring-danger-line",
      )}
    >
      <div className="flex items-center gap-3">
        <Avatar name={member.displayName} src={member.photoURL} size={44} alt="" />
        <h3 className="min-w-0 flex-1 font-semibold text-fg">
          {name}
          {isViewer && <span className="ml-1 font-normal text-fg-muted">(You)</span>}
        </h3>
        <SaveState pending={save.isPending} saved={save.isSuccess} />
      </div>
      {save.isError && (
        <SaveFailed error={save.error} onRetry={() => save.mutate(save.variables)} />
      )}
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
});

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
          ? cn(optionTone[option].solid, "text-on-option shadow-sm")
          : "bg-surface text-fg ring-1 ring-border-strong hover:bg-surface-muted",
      )}
    >
      <span className="inline-flex items-center gap-1.5 font-bold">
        {selected && <Check aria-hidden className="size-4" />}
        {option}{" "}
      </span>
      <span className="line-clamp-2 max-w-full text-xs font-medium">{text}</span>
    </button>
  );
}

/** Beside the name: short, so the name keeps the card's width. */
function SaveState({ pending, saved }: { pending: boolean; saved: boolean }) {
  return (
    <span role="status" className="shrink-0 text-xs">
      {pending ? (
        <Spinner className="size-4 text-fg-subtle" label="Saving" />
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

/**
 * A pick or comment that was not saved, across the card under the name (beside
 * it, a long message squeezed the name to a letter a line): why, and Try again,
 * which sends it again. A closed round takes no more votes: no Try again.
 */
function SaveFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const closed = error instanceof ApiError && error.code === "round_closed";
  return (
    <Alert
      kind="danger"
      className="mt-4"
      action={
        !closed && (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {closed ? roundMessages.roundClosed : `Not saved. ${error.message}`}
    </Alert>
  );
}
