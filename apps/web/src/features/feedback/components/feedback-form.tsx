import {
  type FeedbackBody,
  feedbackBodySchema,
  feedbackMessages,
  MAX_FEEDBACK_LENGTH,
} from "@eitheror/shared/feedback/schema";
import { zodResolver } from "@hookform/resolvers/zod";
import { MessageSquareHeart } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, cardTitleClass } from "@/components/ui/card";
import { FormErrors } from "@/components/ui/form-errors";
import { IconBadge } from "@/components/ui/icon-badge";
import { Textarea } from "@/components/ui/input";
import { Link } from "@/components/ui/link";
import { PageTitle } from "@/components/ui/page-title";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { failureMessages, formMessages } from "@/lib/form-messages";
import { useSendFeedback } from "../api/send-feedback";

const TEXT_ID = "feedback-text";
const COUNTER_ID = "feedback-counter";
const ERRORS_ID = "feedback-errors";

/**
 * /feedback (docs/product.md#screens): entry, then thanks once it is sent. A
 * failed send stays on entry with the text as typed, so nothing is lost.
 */
export function FeedbackForm() {
  const send = useSendFeedback();
  const form = useForm({
    resolver: zodResolver(feedbackBodySchema),
    defaultValues: { feedback: "" },
  });
  const typed = useWatch({ control: form.control, name: "feedback" });
  const invalid = form.formState.errors.feedback !== undefined;
  const messages = formMessages(
    form.formState.errors,
    { feedback: undefined },
    send.isError && failureMessages(send.error, feedbackMessages.failed),
  );
  const submit = (values: FeedbackBody) => send.mutate(values);

  return (
    <Card className="mx-auto max-w-xl">
      <PageTitle screen="Feedback" />
      <IconBadge>
        <MessageSquareHeart className="size-6" />
      </IconBadge>
      <h1 className={cardTitleClass}>Send us feedback</h1>
      {send.isSuccess ? (
        <Thanks
          onMore={() => {
            form.reset();
            send.reset();
          }}
        />
      ) : (
        <form noValidate onSubmit={form.handleSubmit(submit)} className="mt-3 space-y-4">
          <p className="text-fg-muted">
            An idea, a bug, a dilemma you loved or hated: the team reads every message.
          </p>
          <div className="space-y-1.5">
            <label htmlFor={TEXT_ID} className="block text-sm font-semibold text-fg">
              Your feedback
            </label>
            <Textarea
              id={TEXT_ID}
              rows={7}
              className="min-h-40"
              aria-invalid={invalid}
              aria-describedby={invalid ? `${ERRORS_ID} ${COUNTER_ID}` : COUNTER_ID}
              {...form.register("feedback", { onChange: () => send.isError && send.reset() })}
            />
            <p
              id={COUNTER_ID}
              className={cn(
                "text-right text-xs tabular-nums",
                typed.length > MAX_FEEDBACK_LENGTH
                  ? "font-semibold text-danger-fg"
                  : "text-fg-subtle",
              )}
            >
              {`${typed.length}/${MAX_FEEDBACK_LENGTH}`}
            </p>
          </div>
          <FormErrors id={ERRORS_ID} messages={messages} />
          <Button type="submit" className="w-full sm:w-auto" disabled={send.isPending}>
            {send.isPending ? (
              <>
                <Spinner className="size-4 text-on-brand" label="Sending" /> Sending…
              </>
            ) : (
              "Send"
            )}
          </Button>
        </form>
      )}
    </Card>
  );
}

/** The thanks, the way back, and a way to say more. */
function Thanks({ onMore }: { onMore: () => void }) {
  return (
    <div className="mt-5 space-y-5">
      <Alert kind="success">{feedbackMessages.thanks}</Alert>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={paths.home} className={buttonClass("primary")}>
          Back to Home
        </Link>
        <Button variant="secondary" onClick={onMore}>
          Send more feedback
        </Button>
      </div>
    </div>
  );
}
