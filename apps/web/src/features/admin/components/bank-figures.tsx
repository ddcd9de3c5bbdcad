import type { BankStats } from "@eitheror/shared/dilemmas/schema";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { useBankStats } from "../api/get-bank-stats";
import { AdminPanel } from "./admin-panel";

const figures: { key: keyof Omit<BankStats, "generatorConfigured">; label: string }[] = [
  { key: "total", label: "Dilemmas in the bank" },
  { key: "leftForDaily", label: "Left for daily picks" },
  { key: "usedByDaily", label: "Used as a daily dilemma" },
  { key: "generated", label: "Generated" },
  { key: "addedByHand", label: "Added by hand" },
];

/** The bank's figures: how many days of daily dilemmas are left before one repeats. */
export function BankFigures({ stats }: { stats: ReturnType<typeof useBankStats> }) {
  return (
    <AdminPanel title="Dilemma bank">
      {stats.isError ? (
        <Alert
          kind="danger"
          action={
            <Button variant="secondary" size="sm" onClick={() => stats.refetch()}>
              Try again
            </Button>
          }
        >
          We could not load the bank's figures. {stats.error.message}
        </Alert>
      ) : (
        <dl className="grid grid-cols-2 gap-3">
          {figures.map(({ key, label }, index) => (
            <div
              key={key}
              className={
                index === 0
                  ? "col-span-2 rounded-2xl bg-brand-soft p-4 text-brand-soft-fg"
                  : "rounded-2xl bg-surface-muted p-4"
              }
            >
              <dt
                className={
                  index === 0 ? "text-sm font-medium" : "text-xs font-medium text-fg-muted"
                }
              >
                {label}
              </dt>
              <dd
                className={
                  index === 0
                    ? "mt-1 text-4xl font-bold tabular-nums"
                    : "mt-1 text-2xl font-bold tabular-nums text-fg"
                }
                aria-busy={stats.isPending}
              >
                {stats.data ? stats.data[key] : "…"}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </AdminPanel>
  );
}
