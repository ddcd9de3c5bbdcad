import { MAX_COMMENT_LENGTH } from "@eitheror/shared/rounds/schema";
import { useId } from "react";
import { Textarea } from "@/components/ui/input";

/** A vote's Comments box with its 'n/1000' counter; `onCommit` runs when it loses focus. */
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
  const length = Array.from(value).length;
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
        onChange={(event) => onChange(event.target.value)}
        onBlur={onCommit}
        className="mt-1.5 min-h-20"
      />
    </div>
  );
}
