import {
  authMessages,
  type ProfileForm as ProfileValues,
  profileFormSchema,
  type UserData,
} from "@eitheror/shared/auth/schema";
import { zodResolver } from "@hookform/resolvers/zod";
import { Suspense, useEffect } from "react";
import { type FieldErrors, type UseFormRegister, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormErrors } from "@/components/ui/form-errors";
import { EmailInput, Input } from "@/components/ui/input";
import { PageTitle } from "@/components/ui/page-title";
import { Spinner } from "@/components/ui/spinner";
import { formMessages, noAnswerMessage } from "@/lib/form-messages";
import { lazyCode } from "@/lib/lazy-code";
import { useSaveProfile } from "../api/save-profile";
import { imageUploadFailure } from "../api/upload-profile-image";
import { useImageChoice } from "../hooks/use-image-choice";
import { MailPreferencesSection } from "./mail-preferences";
import { ProfilePhotoEditor } from "./profile-photo-editor";
import { PushNotificationsSection } from "./push-notifications";

const NAME_ID = "profile-name";
const EMAIL_ID = "profile-email";
const ERRORS_ID = "profile-errors";

// Its own chunk, as the landing page's weight asks (decision 0022).
const AccountSections = lazyCode(async () => (await import("./account-sections")).AccountSections);

/**
 * One's own profile to edit: name, photo, e-mail (by verification). What a save
 * said (saved, link sent) goes as soon as the form changes or is refused: it
 * spoke of the form as it was.
 */
export function OwnProfile({
  user,
  joined,
  onSaved,
  emailChanged,
}: {
  user: UserData;
  /** 'Joined {time since}'. */
  joined: string;
  onSaved: () => Promise<unknown>;
  emailChanged?: { email: string; dismiss: () => void };
}) {
  const { image, form, save, forgetSave, submit, messages } = useProfileForm(user, onSaved);
  return (
    <Card className="mx-auto max-w-3xl">
      <PageTitle screen="Your Profile" />
      <div className="flex flex-col items-center gap-4 md:flex-row md:items-start md:gap-12">
        <ProfilePhotoEditor
          user={user}
          image={image}
          disabled={save.isPending}
          onChoose={(file) => {
            forgetSave();
            image.choose(file);
          }}
          onUndo={() => {
            forgetSave();
            image.clear();
          }}
        />
        <div className="w-full min-w-0 flex-1">
          <ProfileHeading name={user.displayName} joined={joined} emailChanged={emailChanged} />
          <form
            noValidate
            onSubmit={form.handleSubmit(submit, forgetSave)}
            className="mt-6 space-y-4"
          >
            <ProfileFields register={form.register} errors={form.formState.errors} />
            <FormErrors id={ERRORS_ID} messages={messages} />
            {save.isSuccess && <SavedNotice newEmail={save.data.newEmail} />}
            <SaveButton pending={save.isPending} />
          </form>
          <MailPreferencesSection />
          <PushNotificationsSection />
          <Suspense fallback={null}>
            <AccountSections />
          </Suspense>
        </div>
      </div>
    </Card>
  );
}

/**
 * The profile form's state: the fields, the chosen photo and the save. Typing
 * (not the reset after a save) forgets what the last save said.
 */
function useProfileForm(user: UserData, onSaved: () => Promise<unknown>) {
  const image = useImageChoice();
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { displayName: user.displayName ?? "", email: user.email ?? "" },
  });
  const save = useSaveProfile(user, onSaved);

  const { reset: forgetSave } = save;
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      // Typing, not the reset after a save.
      if (type === "change") forgetSave();
    });
    return () => subscription.unsubscribe();
  }, [form, forgetSave]);

  const submit = (values: ProfileValues) =>
    save.mutate(
      { ...values, photo: image.file },
      {
        onSuccess: () => {
          image.clear();
          // The address changes only once its link is opened; until then the field shows the current one.
          form.reset({ displayName: values.displayName, email: user.email ?? "" });
        },
      },
    );

  const messages = formMessages(
    form.formState.errors,
    { displayName: "Name", email: "Email Address" },
    image.error && { field: "Photo", message: image.error },
    save.isError &&
      (imageUploadFailure(save.error) ?? noAnswerMessage(save.error) ?? authMessages.profileFailed),
  );
  return { image, form, save, forgetSave, submit, messages };
}

/** The screen's h1 (the saved name), 'Joined …', and the news of a completed e-mail change. */
function ProfileHeading({
  name,
  joined,
  emailChanged,
}: {
  name: string | null;
  joined: string;
  emailChanged?: { email: string; dismiss: () => void };
}) {
  return (
    <>
      <h1 className="text-center text-2xl font-bold tracking-tight text-fg md:text-left">{name}</h1>
      <p className="mt-1 text-center text-sm text-fg-subtle md:text-left">{joined}</p>
      {emailChanged && (
        <Alert kind="success" className="mt-4" onDismiss={emailChanged.dismiss}>
          <span>Your email address is now {emailChanged.email}.</span>
        </Alert>
      )}
    </>
  );
}

function SaveButton({ pending }: { pending: boolean }) {
  return (
    <Button type="submit" className="w-full sm:w-auto sm:min-w-32" disabled={pending}>
      {pending ? (
        <>
          <Spinner className="size-4 text-on-brand" label="Saving" /> Saving…
        </>
      ) : (
        "Save"
      )}
    </Button>
  );
}

const describedBy = (id: string, invalid: boolean) =>
  invalid ? `${ERRORS_ID} ${id}-hint` : `${id}-hint`;

function ProfileFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProfileValues>;
  errors: FieldErrors<ProfileValues>;
}) {
  return (
    <>
      <Field id={NAME_ID} label="Name" hint="Shown to your friends in groups.">
        <Input
          id={NAME_ID}
          autoComplete="name"
          autoCapitalize="words"
          aria-invalid={errors.displayName !== undefined}
          aria-describedby={describedBy(NAME_ID, errors.displayName !== undefined)}
          {...register("displayName")}
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
          {...register("email")}
        />
      </Field>
    </>
  );
}

function SavedNotice({ newEmail }: { newEmail: string | null }) {
  return (
    <div className="space-y-3">
      <Alert kind="success">{authMessages.profileSaved}</Alert>
      {newEmail && (
        <Alert kind="info">
          <p>{authMessages.emailChangeSent}</p>
          <p className="mt-1">Sent to {newEmail}</p>
        </Alert>
      )}
    </div>
  );
}
