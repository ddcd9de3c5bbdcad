import {
  identityMessages,
  type ProfileForm as ProfileValues,
  profileFormSchema,
  type UserData,
} from "@eitheror/shared/identity/schema";
import { timeSince } from "@eitheror/shared/time/rules";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Camera, UserX } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, cardTitleClass } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FileButton } from "@/components/ui/file-button";
import { FormErrors, type FormMessage } from "@/components/ui/form-errors";
import { IconBadge } from "@/components/ui/icon-badge";
import { EmailInput, Input } from "@/components/ui/input";
import { PageTitle } from "@/components/ui/page-title";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { userQueryKey, useUser } from "../api/get-user";
import { sendEmailChange } from "../api/send-email-change";
import { updateUser } from "../api/update-user";
import { updateUserProperties } from "../api/update-user-properties";
import { imageUploadFailure, uploadProfileImage } from "../api/upload-profile-image";
import { useImageChoice } from "../hooks/use-image-choice";

/** Spec §9: the profile photo is shown at 200 px, round. */
const PHOTO_SIZE = 200;
const NAME_ID = "profile-name";
const EMAIL_ID = "profile-email";
const ERRORS_ID = "profile-errors";

const joined = (user: UserData) => `Joined ${timeSince(new Date(user.createdAt), new Date())}`;

/** /user-profile/{userId}: one's own profile to edit, anyone else's to look at. */
export function UserProfile({
  userId,
  viewerId,
  onSaved,
  emailChanged,
}: {
  userId: string;
  viewerId: string;
  /** Reloads what the rest of the app shows of the viewer (the nav's photo and name). */
  onSaved: () => Promise<unknown>;
  /** The new address, when the viewer arrives from the link that changed it. */
  emailChanged?: { email: string; dismiss: () => void };
}) {
  const user = useUser(userId);

  if (user.isPending) return <ProfileSkeleton />;
  if (user.isError) {
    if (user.error instanceof ApiError && user.error.status === 404) return <ProfileNotFound />;
    return (
      <Card className="mx-auto max-w-md">
        <PageTitle screen="Profile" />
        <h1 className="sr-only">Profile</h1>
        <Alert
          kind="danger"
          action={
            <Button variant="secondary" onClick={() => user.refetch()}>
              Try again
            </Button>
          }
        >
          We could not load this profile. {user.error.message}
        </Alert>
      </Card>
    );
  }
  return user.data.id === viewerId ? (
    <OwnProfile user={user.data} onSaved={onSaved} emailChanged={emailChanged} />
  ) : (
    <PublicProfile user={user.data} />
  );
}

function PublicProfile({ user }: { user: UserData }) {
  return (
    <Card className="mx-auto flex max-w-md flex-col items-center py-10 text-center sm:py-12">
      <PageTitle screen={user.displayName ?? "Profile"} />
      <Avatar name={user.displayName} src={user.photoURL} size={PHOTO_SIZE} />
      <h1 className="mt-6 break-words text-2xl font-bold tracking-tight text-fg">
        {user.displayName ?? "A new player"}
      </h1>
      <p className="mt-1 text-sm text-fg-subtle">{joined(user)}</p>
    </Card>
  );
}

/**
 * Own profile save (docs/product.md#sign-in-flow): name, photo, e-mail (by verification), then the
 * app's record. What a save said (saved, link sent) goes as soon as the form
 * changes or is refused: it spoke of the form as it was.
 */
function OwnProfile({
  user,
  onSaved,
  emailChanged,
}: {
  user: UserData;
  onSaved: () => Promise<unknown>;
  emailChanged?: { email: string; dismiss: () => void };
}) {
  const queryClient = useQueryClient();
  const image = useImageChoice();
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { displayName: user.displayName ?? "", email: user.email ?? "" },
  });

  const save = useMutation({
    mutationFn: async ({ displayName, email }: ProfileValues) => {
      const photoURL = image.file ? await uploadProfileImage(user.uid, image.file) : undefined;
      const name = displayName !== user.displayName ? displayName : undefined;
      if (name || photoURL) await updateUser({ name, image: photoURL });
      const newEmail = email !== user.email ? email : null;
      if (newEmail) await sendEmailChange(newEmail);
      await updateUserProperties();
      await Promise.all([
        onSaved(),
        queryClient.invalidateQueries({ queryKey: userQueryKey(user.id) }),
      ]);
      return { newEmail };
    },
    onSuccess: (_result, values) => {
      image.clear();
      // The address changes only once its link is opened; until then the field shows the current one.
      form.reset({ displayName: values.displayName, email: user.email ?? "" });
    },
  });

  const { reset: forgetSave } = save;
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      // Typing, not the reset after a save.
      if (type === "change") forgetSave();
    });
    return () => subscription.unsubscribe();
  }, [form, forgetSave]);
  const choosePhoto = (file: File) => {
    forgetSave();
    image.choose(file);
  };
  const undoPhoto = () => {
    forgetSave();
    image.clear();
  };

  const { errors } = form.formState;
  const messages: FormMessage[] = [
    ...(errors.displayName?.message
      ? [{ field: "Name", message: errors.displayName.message }]
      : []),
    ...(errors.email?.message ? [{ field: "Email Address", message: errors.email.message }] : []),
    ...(image.error ? [{ field: "Photo", message: image.error }] : []),
    ...(save.isError
      ? [{ message: imageUploadFailure(save.error) ?? identityMessages.profileFailed }]
      : []),
  ];
  const describedBy = (id: string, invalid: boolean) =>
    invalid ? `${ERRORS_ID} ${id}-hint` : `${id}-hint`;

  return (
    <Card className="mx-auto max-w-3xl">
      <PageTitle screen="Your Profile" />
      <div className="flex flex-col items-center gap-4 md:flex-row md:items-start md:gap-12">
        <div className="flex shrink-0 flex-col items-center text-center">
          <div className="relative">
            <Avatar
              name={user.displayName}
              src={image.previewUrl ?? user.photoURL}
              alt={image.previewUrl ? "Your new profile photo, not saved yet" : undefined}
              size={PHOTO_SIZE}
              className="ring-4 ring-brand-soft"
            />
            <FileButton
              accept="image/*"
              aria-label="Change profile photo"
              disabled={save.isPending}
              onFile={choosePhoto}
              className="absolute right-2 bottom-2 flex size-12 items-center justify-center rounded-full bg-brand text-on-brand shadow-md ring-4 ring-surface transition hover:bg-brand-hover"
            >
              <Camera aria-hidden className="size-5" />
            </FileButton>
          </div>
          <p className="mt-3 min-h-5 text-sm text-fg-muted" aria-live="polite">
            {image.file && (
              <>
                New photo chosen.{" "}
                <button
                  type="button"
                  onClick={undoPhoto}
                  className="rounded font-semibold text-brand-fg underline underline-offset-4 hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
                >
                  Undo
                </button>
              </>
            )}
          </p>
        </div>

        <div className="w-full min-w-0 flex-1">
          <h1 className="break-words text-center text-2xl font-bold tracking-tight text-fg md:text-left">
            {user.displayName}
          </h1>
          <p className="mt-1 text-center text-sm text-fg-subtle md:text-left">{joined(user)}</p>
          {emailChanged && (
            <Alert kind="success" className="mt-4" onDismiss={emailChanged.dismiss}>
              <span className="break-words">Your email address is now {emailChanged.email}.</span>
            </Alert>
          )}

          <form
            noValidate
            onSubmit={form.handleSubmit((values) => save.mutate(values), forgetSave)}
            className="mt-6 space-y-4"
          >
            <Field id={NAME_ID} label="Name" hint="Shown to your friends in groups.">
              <Input
                id={NAME_ID}
                autoComplete="name"
                autoCapitalize="words"
                aria-invalid={errors.displayName !== undefined}
                aria-describedby={describedBy(NAME_ID, errors.displayName !== undefined)}
                {...form.register("displayName")}
              />
            </Field>
            <Field
              id={EMAIL_ID}
              label="Email Address"
              hint="A new address is used once you open the link we send to it."
            >
              <EmailInput
                id={EMAIL_ID}
                aria-invalid={errors.email !== undefined}
                aria-describedby={describedBy(EMAIL_ID, errors.email !== undefined)}
                {...form.register("email")}
              />
            </Field>
            <FormErrors id={ERRORS_ID} messages={messages} />
            {save.isSuccess && (
              <div className="space-y-3">
                <Alert kind="success">{identityMessages.profileSaved}</Alert>
                {save.data.newEmail && (
                  <Alert kind="info">
                    <p>{identityMessages.emailChangeSent}</p>
                    <p className="mt-1 break-words">Sent to {save.data.newEmail}</p>
                  </Alert>
                )}
              </div>
            )}
            <Button
              type="submit"
              className="w-full sm:w-auto sm:min-w-32"
              disabled={save.isPending}
            >
              {save.isPending ? (
                <>
                  <Spinner className="size-4 text-on-brand" label="Saving" /> Saving…
                </>
              ) : (
                "Save"
              )}
            </Button>
          </form>
        </div>
      </div>
    </Card>
  );
}

function ProfileNotFound() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <PageTitle screen="Profile Not Found" />
      <IconBadge className="mx-auto">
        <UserX className="size-6" />
      </IconBadge>
      <h1 className={cardTitleClass}>This profile does not exist.</h1>
      <p className="mt-2 text-fg-muted">The link may be mistyped, or the account was closed.</p>
      <Link to={paths.home} className={buttonClass("secondary", "mt-6")}>
        Back to Home
      </Link>
    </Card>
  );
}

/** The own-profile layout in grey, so the page does not jump when the data arrives. */
function ProfileSkeleton() {
  return (
    <Card className="mx-auto max-w-3xl" aria-busy>
      <PageTitle screen="Profile" />
      <span className="sr-only">Loading profile</span>
      <div className="flex animate-pulse flex-col items-center gap-4 md:flex-row md:items-start md:gap-12">
        <div className="flex flex-col items-center">
          <div className="size-[200px] rounded-full bg-surface-muted" />
          <div className="mt-3 h-5" />
        </div>
        <div className="w-full flex-1 space-y-3">
          <div className="mx-auto h-8 w-48 rounded-lg bg-surface-muted md:mx-0" />
          <div className="mx-auto h-4 w-32 rounded bg-surface-muted md:mx-0" />
          <div className="space-y-4 pt-5">
            <div className="h-12 rounded-xl bg-surface-muted" />
            <div className="h-12 rounded-xl bg-surface-muted" />
          </div>
        </div>
      </div>
    </Card>
  );
}
