import { History } from "lucide-react";
import type { ReactNode } from "react";
import { IconBadge } from "@/components/ui/icon-badge";

function Placeholder({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-surface p-8 text-center shadow-sm ring-1 ring-border sm:p-12">
      <IconBadge>{icon}</IconBadge>
      <h2 className="mt-4 text-lg font-semibold text-fg">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-fg-muted">{text}</p>
    </div>
  );
}

/** The Past Rounds tab before any round has closed. */
export function NoPastRoundsYet() {
  return (
    <Placeholder
      icon={<History className="size-6" />}
      title="No past rounds yet"
      text="Every round that closes is kept here, with everyone's votes and comments."
    />
  );
}
