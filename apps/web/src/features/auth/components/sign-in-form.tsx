import {
  authMessages,
  EMAIL_LINK_LIFETIME_MS,
  type SignInForm as SignInValues,
  signInFormSchema,
} from "@eitheror/shared/auth/schema";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Mail, MailCheck, RotateCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CardHeading } from "@/components/ui/card-heading";
import { FormErrors, type FormMessage } from "@/components/ui/form-errors";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { failureMessages, formMessages } from "@/lib/form-messages";
import { type SendEmailLinkInput, useSendEmailLink } from "../api/send-email-link";
import { EmailAddressField } from "./email-address-field";

const EMAIL_ID = "sign-in-email";
const ERRORS_ID = "sign-in-errors";
const linkMinutes = EMAIL_LINK_LIFETIME_MS / 60_000;

/**
 * What went wrong sending the link, in the words that help most: the server's
 * rate-limit text says when to try again, a refused address what is wrong with
 * it, and offline says offline; anything else is the product's message.
 */
export const sendFailure = (error: unknown): FormMessage[] =>
  failureMessages(error, authMessages.sendFailed);

/**
 * /sign-in: the address, then the 'check your e-mail' state once the link is on
 * its way. `joining`: the group a guest pressed Join on, named on both.
 */
export function SignInForm({ returnUrl, joining }: { returnUrl: string | null; joining?: string }) {
  const send = useSendEmailLink();
  const form = useForm({ resolver: zodResolver(signInFormSchema), defaultValues: { email: "" } });
  const { errors } = form.formState;
  const { setFocus } = form;
  // The address is all this page asks for: the caret is there on arrival.
  useEffect(() => setFocus("email"), [setFocus]);

  const onSubmit = (values: SignInValues) => send.mutate({ ...values, returnUrl });

  if (send.isSuccess) {
    return (
      <LinkSent
        email={send.data.email}
        returnUrl={returnUrl}
        joining={joining}
        onChangeAddress={() => {
          send.reset();
          // The form is shown again next render; its field wants the caret back.
          setTimeout(() => form.setFocus("email"));
        }}
      />
    );
  }

  const messages = formMessages(
    errors,
    { email: undefined },
    send.isError && !errors.email && sendFailure(send.error),
  );
  // Only a refused address marks the field; a server or network failure is not the field's fault.
  const fieldInvalid =
    errors.email !== undefined ||
    (send.error instanceof ApiError && send.error.code === "invalid_input");

  return (
    <Card className="mx-auto max-w-md">
      <CardHeading screen="Sign In" icon={<Mail className="size-6" />}>
        Sign In
      </CardHeading>
      {joining && (
        <p className="mt-2 font-medium text-fg">
          Sign in to join <span className="font-semibold">{joining}</span>.
        </p>
      )}
      <p className="mt-2 text-fg-muted">
        Enter your email and we'll send you a link that signs you in. No password needed.
      </p>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-6 space-y-4">
        <EmailAddressField
          id={EMAIL_ID}
          errorsId={ERRORS_ID}
          invalid={fieldInvalid}
          described={messages.length > 0}
          {...form.register("email")}
        />
        <FormErrors id={ERRORS_ID} messages={messages} />
        <Button type="submit" className="w-full" disabled={send.isPending}>
          {send.isPending ? (
            <>
              <Spinner className="size-4 text-on-brand" label="Sending" /> Sending link…
            </>
          ) : (
            "Send Sign In Link"
          )}
        </Button>
      </form>
    </Card>
  );
}

/** The 'e-mail sent' state: where the link went, and a way to get another one. */
export function LinkSent({
  email,
  returnUrl,
  joining,
  onChangeAddress,
}: {
  email: string;
  returnUrl: SendEmailLinkInput["returnUrl"];
  joining?: string;
  onChangeAddress: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const resend = useSendEmailLink();
  // The form the user was in is gone: move focus to what replaced it, so it is read out.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeading
        screen="Check Your Email"
        icon={<MailCheck className="size-6" />}
        tone="success"
        centered
        headingRef={heading}
      >
        Check your email
      </CardHeading>
      <p className="mt-3 text-fg">{authMessages.linkSent(email)}</p>
      <p className="mt-2 text-sm text-fg-subtle">{authMessages.checkSpam}</p>
      {joining && (
        <p className="mt-4 text-fg">
          The link signs you in and you join <span className="font-semibold">{joining}</span>.
        </p>
      )}
      <p className="mt-6 rounded-xl bg-surface-muted px-4 py-3 text-sm text-fg-muted">
        The link works once, for {linkMinutes} minutes. You can close this tab.
      </p>
      {resend.isSuccess && (
        <Alert kind="success" className="mt-4 text-left">
          A new link is on its way to {email}.
        </Alert>
      )}
      {resend.isError && (
        <Alert kind="danger" className="mt-4 text-left">
          {sendFailure(resend.error)
            .map(({ message }) => message)
            .join(" ")}
        </Alert>
      )}
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Button
          variant="secondary"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ email, returnUrl })}
        >
          {resend.isPending ? (
            <Spinner className="size-4 text-fg-muted" label="Sending" />
          ) : (
            <RotateCw aria-hidden className="size-4" />
          )}
          Resend link
        </Button>
        <Button variant="ghost" onClick={onChangeAddress}>
          <ArrowLeft aria-hidden className="size-4" /> Use a different email
        </Button>
      </div>
    </Card>
  );
}
