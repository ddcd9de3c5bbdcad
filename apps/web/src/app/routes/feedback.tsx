import { FeedbackForm } from "@/features/feedback/components/feedback-form";

/** /feedback: for signed-in people; the guard sends anyone else to sign in and back. */
export function FeedbackRoute() {
  return <FeedbackForm />;
}
