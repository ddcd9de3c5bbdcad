import { isEmailLinkTokenShape, safeReturnUrl } from "@eitheror/shared/auth/rules";
import {
  authMessages,
  type SessionUser,
  type SignInForm,
  signInFormSchema,
  type UserData,
} from "@eitheror/shared/auth/schema";
import { zodResolver } from "@hookform/resolvers/zod";
import { Mail, TimerOff, Unlink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { type NavigateOptions, useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CardHeading } from "@/components/ui/card-heading";
import { FormErrors } from "@/components/ui/form-errors";
import { Link } from "@/components/ui/link";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { emailForSignIn } from "@/lib/email-for-sign-in";
import { useCompleteEmailLink } from "../api/complete-email-link";
import { useSession } from "../api/get-session";
import { useSendEmailLink } from "../api/send-email-link";
import { EmailAddressField } from "./email-address-field";
import type { ReturnState } from "./guards";
import { LinkSent, sendFailure } from "./sign-in-form";

/** Where a completed link goes when it moved the account to a new address: the profile says so. */
export interface EmailChangedState {
  emailChanged?: string;
}

const EMAIL_ID = "confirm-email";
const ERRORS_ID = "confirm-email-errors";

/**
 * A link that failed for a passing reason (no network, server trouble, too many
 * tries) can work on a second try; anything else means the link is spent,
 * expired, or was sent to another address.
 */
function failureMessage(error: unknown): { text: string; canRetry: boolean } {
  if (
    error instanceof ApiError &&
    // Beside the code, the status: no answer (0) and a proxy's 5xx page carry no envelope.
    (error.code === "rate_limited" || error.status === 0 || error.status >= 500)
  )
    return { text: error.message, canRetry: true };
  return { text: authMessages.invalidLink, canRetry: false };
}

/**
 * /sign-in/link-router: completes the sign-in with the link's token and the
 * address it went to (docs/product.md#sign-in-flow). The
 * address comes from this browser's memory of the request, or, when the link is
 * opened elsewhere, from the person. A token that cannot be one (a truncated
 * or garbled link) is refused at once, without asking for the address.
 */
export function EmailLinkSignIn({
  token,
  returnUrl: rawReturnUrl,
}: {
  token: string | null;
  returnUrl: string | null;
}) {
  const returnUrl = safeReturnUrl(rawReturnUrl);
  const { complete, signIn, storedEmail, wellFormed } = useLinkCompletion(token, returnUrl);
  const [asking, setAsking] = useState(storedEmail === null);

  if (!wellFormed) return <InvalidLink returnUrl={returnUrl} />;
  // The server says expired only to whoever holds the token and the address it went to.
  if (complete.isError && complete.error instanceof ApiError) {
    if (complete.error.code === "link_expired")
      return <ExpiredLink email={complete.variables.email} returnUrl={returnUrl} />;
  }
  if (asking)
    return (
      <ConfirmEmail
        pending={complete.isPending || complete.isSuccess}
        failure={complete.isError ? failureMessage(complete.error).text : null}
        returnUrl={returnUrl}
        onConfirm={({ email }) => signIn(email)}
      />
    );
  if (complete.isPending || complete.isSuccess) return <SigningIn />;
  if (complete.isError) {
    const { text, canRetry } = failureMessage(complete.error);
    return (
      <InvalidLink
        returnUrl={returnUrl}
        message={text}
        onRetry={canRetry && storedEmail ? () => signIn(storedEmail) : undefined}
        onOtherAddress={() => {
          complete.reset();
          setAsking(true);
        }}
      />
    );
  }
  return <SigningIn />;
}

/**
 * Completing the link: `signIn(email)` sends it, then goes on as
 * docs/product.md#sign-in-flow says. With an address remembered here it starts
 * by itself, exactly once per page.
 */
function useLinkCompletion(token: string | null, returnUrl: string | null) {
  const navigate = useNavigate();
  const complete = useCompleteEmailLink();
  const [storedEmail] = useState(emailForSignIn.read);
  const started = useRef(false);
  const wellFormed = isEmailLinkTokenShape(token);

  // The page's first session read must be back before completing: a read still on
  // its way with the guest's cookie would find the guest gone and answer by
  // clearing the session cookie, the brand-new one included.
  const { session, isPending: sessionLoading } = useSession();

  const signIn = (email: string) => {
    if (!wellFormed) return;
    // Signed in already, the same account now at another address: an e-mail change.
    const before = session?.user;
    complete.mutate(
      { token, email },
      { onSuccess: (user: UserData) => navigate(...whereNext(user, before, returnUrl)) },
    );
  };

  // Exactly one completion per page, also when StrictMode runs the effect twice:
  // a second POST would find the token already spent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: signIn only reads values fixed at mount
  useEffect(() => {
    if (started.current || !wellFormed || storedEmail === null || sessionLoading) return;
    started.current = true;
    signIn(storedEmail);
  }, [wellFormed, storedEmail, sessionLoading]);

  return { complete, signIn, storedEmail, wellFormed };
}

/**
 * Where a completed link leads: with a name, to `returnUrl` or home (saying so
 * when it moved the account to a new address); without, to the details screen.
 */
function whereNext(
  user: UserData,
  before: SessionUser | undefined,
  returnUrl: string | null,
): [string, NavigateOptions] {
  const emailChanged =
    before && !before.isAnonymous && before.id === user.id && before.email !== user.email
      ? user.email
      : undefined;
  if (user.displayName?.trim())
    return [
      returnUrl ?? paths.home,
      { replace: true, state: { emailChanged } satisfies EmailChangedState },
    ];
  return [
    paths.signInDetails,
    { replace: true, state: { returnUrl: returnUrl ?? undefined } satisfies ReturnState },
  ];
}

function SigningIn() {
  return (
    <Card className="mx-auto max-w-md text-center" aria-busy>
      <CardHeading
        screen="Signing In"
        icon={<Spinner className="size-6 text-brand-soft-fg" label="Signing you in" />}
        centered
      >
        Signing you in…
      </CardHeading>
      <p className="mt-2 text-fg-muted">One moment while we check your link.</p>
    </Card>
  );
}

function GoToSignIn({ returnUrl, primary }: { returnUrl: string | null; primary: boolean }) {
  return (
    <Link
      to={paths.signIn}
      state={{ returnUrl: returnUrl ?? undefined } satisfies ReturnState}
      className={buttonClass(primary ? "primary" : "secondary", "w-full")}
    >
      {authMessages.goToSignIn}
    </Link>
  );
}

/**
 * A sign-in link past its time: it says so, and one tap sends a new one to the
 * same address (the same way back afterwards), then it is the 'check your e-mail' state.
 */
function ExpiredLink({ email, returnUrl }: { email: string; returnUrl: string | null }) {
  const send = useSendEmailLink();
  const navigate = useNavigate();
  if (send.isSuccess) {
    return (
      <LinkSent
        email={send.data.email}
        returnUrl={returnUrl}
        onChangeAddress={() =>
          navigate(paths.signIn, {
            state: { returnUrl: returnUrl ?? undefined } satisfies ReturnState,
          })
        }
      />
    );
  }
  return (
    <Card className="mx-auto max-w-md">
      <CardHeading screen="Link Expired" icon={<TimerOff className="size-6" />}>
        {authMessages.linkExpiredHeading}
      </CardHeading>
      <p className="mt-2 text-fg-muted">{authMessages.linkExpired}</p>
      <p className="mt-2 text-fg-muted">
        {authMessages.newLinkGoesTo}{" "}
        <span className="break-all font-semibold text-fg">{email}</span>.
      </p>
      {send.isError && (
        <Alert kind="danger" className="mt-4">
          {sendFailure(send.error)
            .map(({ message }) => message)
            .join(" ")}
        </Alert>
      )}
      <div className="mt-6 space-y-3">
        <Button
          className="w-full"
          disabled={send.isPending}
          onClick={() => send.mutate({ email, returnUrl })}
        >
          {send.isPending && <Spinner className="size-4 text-on-brand" label="Sending" />}
          {authMessages.sendNewLink}
        </Button>
        <GoToSignIn returnUrl={returnUrl} primary={false} />
      </div>
    </Card>
  );
}

function InvalidLink({
  returnUrl,
  message = authMessages.invalidLink,
  onRetry,
  onOtherAddress,
}: {
  returnUrl: string | null;
  message?: string;
  onRetry?: () => void;
  onOtherAddress?: () => void;
}) {
  return (
    <Card className="mx-auto max-w-md">
      <CardHeading screen="Invalid Link" icon={<Unlink className="size-6" />} tone="danger">
        We couldn't sign you in
      </CardHeading>
      <Alert kind="danger" className="mt-4">
        {message}
      </Alert>
      <div className="mt-6 space-y-3">
        {onRetry && (
          <Button className="w-full" onClick={onRetry}>
            Try again
          </Button>
        )}
        <GoToSignIn returnUrl={returnUrl} primary={!onRetry} />
        {onOtherAddress && (
          <Button variant="ghost" className="w-full" onClick={onOtherAddress}>
            Sent to a different email address?
          </Button>
        )}
      </div>
    </Card>
  );
}

/**
 * The prompt of docs/product.md#sign-in-flow (step 3): the link was opened where the address is not remembered.
 * It stays up after a failed try, so a mistyped address can be corrected.
 */
function ConfirmEmail({
  pending,
  failure,
  returnUrl,
  onConfirm,
}: {
  pending: boolean;
  failure: string | null;
  returnUrl: string | null;
  onConfirm: (values: SignInForm) => void;
}) {
  const form = useForm({ resolver: zodResolver(signInFormSchema), defaultValues: { email: "" } });
  const fieldError = form.formState.errors.email?.message;
  const messages = fieldError ? [{ message: fieldError }] : failure ? [{ message: failure }] : [];
  const { setFocus } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival and after each failed try, the caret goes back where the typing goes
  useEffect(() => setFocus("email"), [failure, setFocus]);

  return (
    <Card className="mx-auto max-w-md">
      <CardHeading screen="Confirm Your Email" icon={<Mail className="size-6" />}>
        Confirm your email
      </CardHeading>
      <p className="mt-2 text-fg-muted">
        For your security, enter the email address this sign-in link was sent to.
      </p>
      <form noValidate onSubmit={form.handleSubmit(onConfirm)} className="mt-6 space-y-4">
        <EmailAddressField
          id={EMAIL_ID}
          errorsId={ERRORS_ID}
          invalid={messages.length > 0}
          described={messages.length > 0}
          readOnly={pending}
          {...form.register("email")}
        />
        <FormErrors id={ERRORS_ID} messages={messages} />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? (
            <>
              <Spinner className="size-4 text-on-brand" label="Signing in" /> Signing in…
            </>
          ) : (
            "Sign In"
          )}
        </Button>
      </form>
      {failure && (
        <div className="mt-3">
          <GoToSignIn returnUrl={returnUrl} primary={false} />
        </div>
      )}
    </Card>
  );
}
