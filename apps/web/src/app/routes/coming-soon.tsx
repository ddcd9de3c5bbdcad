import { Sparkles } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { PageTitle } from "@/components/ui/page-title";
import { paths } from "@/config/paths";

/** Holds a route of docs/product.md whose screen arrives in a later release, and says what comes. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <section className="mx-auto max-w-lg rounded-3xl bg-surface p-8 text-center shadow-sm ring-1 ring-border">
      <PageTitle screen={title} />
      <Sparkles aria-hidden className="mx-auto size-8 text-brand-fg" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-fg-muted">{description}</p>
      <Link to={paths.landing} className={buttonClass("secondary", "mt-6")}>
        Back to today's dilemma
      </Link>
    </section>
  );
}
