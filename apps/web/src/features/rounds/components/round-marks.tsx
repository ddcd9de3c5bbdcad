import { revealMessages as text } from "@eitheror/shared/rounds/reveal";
import type { Option } from "@eitheror/shared/rounds/schema";
import { optionTone } from "@eitheror/shared/shell/markup";
import { Check, X } from "lucide-react";
import { cn } from "@/lib/cn";

/** An option's letter in its colour. */
export function PickBadge({ option }: { option: Option }) {
  return (
    <span
      className={cn(
        "inline-flex size-5 items-center justify-center rounded-full text-xs font-bold text-on-option",
        optionTone[option].solid,
      )}
    >
      {option}
    </span>
  );
}

/** ✓ or ✗, said in words too: colour is never the only sign. */
export function RightOrWrong({ right, mine = false }: { right: boolean; mine?: boolean }) {
  const words = mine
    ? right
      ? text.youReadThem
      : text.youMissedThem
    : right
      ? text.right
      : text.wrong;
  return (
    <span
      className={cn(
        "inline-flex size-6 shrink-0 items-center justify-center rounded-full",
        right ? "bg-success-soft text-success-fg" : "bg-danger-soft text-danger-fg",
      )}
    >
      {right ? <Check aria-hidden className="size-4" /> : <X aria-hidden className="size-4" />}
      <span className="sr-only">{words}</span>
    </span>
  );
}
