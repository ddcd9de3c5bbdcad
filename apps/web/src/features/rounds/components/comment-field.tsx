import { revealMessages } from "@eitheror/shared/rounds/reveal";
import { MAX_COMMENT_LENGTH } from "@eitheror/shared/rounds/schema";
import { MessageSquarePlus } from "lucide-react";
import { useId, useState } from "react";
import { Textarea } from "@/components/ui/input";

/**
 * A vote's Comments box with its 'n/1000' counter; `onCommit` runs when it loses
 * focus. Behind 'Add a comment' until used: a card stays short, and a comment
 * already written shows the box open.
 */
export function CommentField({
  value,
  onChange,
  onCommit,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  onCommit: () => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(value !== "");
  const length = Array.from(value).length;
  if (!open && value === "") {
    return (
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        className="-ml-2 inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-fg-muted transition hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-focus disabled:opacity-60"
      >
        <MessageSquarePlus aria-hidden className="size-4" />
        {revealMessages.addComment}
      </button>
    );
  }
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          Comments
        </label>
        <span
          id={`${id}-count`}
          className={
            length > MAX_COMMENT_LENGTH ? "text-xs text-danger-fg" : "text-xs text-fg-subtle"
          }
        >
          {length}/{MAX_COMMENT_LENGTH}
        </span>
      </div>
      <Textarea
        id={id}
        value={value}
        rows={2}
        maxLength={MAX_COMMENT_LENGTH}
        aria-describedby={`${id}-count`}
        disabled={disabled}
        // Opened by 'Add a comment' (a saved comment opens it without): the focus goes in.
        autoFocus={value === ""}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onCommit}
        className="mt-1.5 min-h-20"
      />
    </div>
  );
}
