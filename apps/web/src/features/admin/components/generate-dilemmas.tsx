import { dilemmaMessages } from "@eitheror/shared/dilemmas/schema";
import { Sparkles } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useGenerateDilemmas } from "../api/generate-dilemmas";
import { AdminPanel } from "./admin-panel";

const FALLBACK = "Generating dilemmas failed. Please try again.";

/**
 * Generate Dilemmas: says how many joined the bank, or why none could. With no
 * provider configured the button waits and the page says which settings to set.
 */
export function GenerateDilemmas({ configured }: { configured: boolean | undefined }) {
  const generate = useGenerateDilemmas();
  const error = generate.error;
  const notConfigured =
    configured === false ||
    (error instanceof ApiError && error.code === "generator_not_configured");

  return (
    <AdminPanel
      title="New dilemmas"
      description="Ask the dilemma generator for a fresh batch. Only new, well-formed ones join the bank."
    >
      {notConfigured ? (
        <Alert kind="info">{dilemmaMessages.notConfigured}</Alert>
      ) : (
        error && (
          <Alert kind="danger">
            {error instanceof ApiError && (error.code === "generator_failed" || error.status === 0)
              ? error.message
              : FALLBACK}
          </Alert>
        )
      )}
      {generate.isSuccess && <Alert kind="success">{dilemmaMessages.added(generate.data)}</Alert>}
      <Button
        onClick={() => generate.mutate()}
        disabled={notConfigured || configured === undefined || generate.isPending}
        className="w-full sm:w-auto"
      >
        {generate.isPending ? (
          <>
            <Spinner className="size-4 text-on-brand" label="Generating" /> Generating…
          </>
        ) : (
          <>
            <Sparkles aria-hidden className="size-4" /> {dilemmaMessages.generate}
          </>
        )}
      </Button>
    </AdminPanel>
  );
}
