import { paths } from "@/config/paths";
import { useSession } from "@/features/auth/api/get-session";
import { FeedbackForm } from "@/features/feedback/components/feedback-form";

/** /feedback: anyone with a session sends it; a visitor's guest session starts on arrival. */
export function FeedbackRoute() {
  const { state, isPending } = useSession();
  return (
    <FeedbackForm
      ready={!isPending && state !== "signed-out"}
      home={state === "signed-in" ? paths.home : paths.landing}
    />
  );
}
