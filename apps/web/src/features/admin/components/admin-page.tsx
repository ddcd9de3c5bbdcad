import { ShieldCheck } from "lucide-react";
import { Suspense } from "react";
import { IconBadge } from "@/components/ui/icon-badge";
import { PageTitle } from "@/components/ui/page-title";
import { lazyCode } from "@/lib/lazy-code";
import { useBankStats } from "../api/get-bank-stats";
import { AddDilemmaForm } from "./add-dilemma-form";
import { BankFigures } from "./bank-figures";
import { FeedbackInbox } from "./feedback-inbox";
import { GenerateDilemmas } from "./generate-dilemmas";
import { ModerationQueue } from "./moderation-queue";

// Its own chunk, as the landing page's weight asks (decision 0022).
const AccountAdmin = lazyCode(async () => (await import("./account-admin")).AccountAdmin);

/**
 * /admin: the product admin's desk. The bank comes first (grow it, by generator
 * or by hand, and watch its figures), then what people wrote in.
 */
export function AdminPage() {
  const stats = useBankStats();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageTitle screen="Admin" />
      <header className="flex items-center gap-4">
        <IconBadge>
          <ShieldCheck className="size-6" />
        </IconBadge>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-fg">Admin</h1>
          <p className="text-sm text-fg-muted">The dilemma bank and what players tell us.</p>
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="space-y-6">
          {/* Figures that fail to load leave the button to the server to answer. */}
          <GenerateDilemmas configured={stats.isError ? true : stats.data?.generatorConfigured} />
          <AddDilemmaForm />
        </div>
        <BankFigures stats={stats} />
      </div>
      <ModerationQueue />
      <FeedbackInbox />
      <Suspense fallback={null}>
        <AccountAdmin />
      </Suspense>
    </div>
  );
}
