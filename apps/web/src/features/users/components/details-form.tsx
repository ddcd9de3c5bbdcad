import {
  authMessages,
  type DetailsForm as DetailsValues,
  detailsFormSchema,
} from "@eitheror/shared/auth/schema";
import { zodResolver } from "@hookform/resolvers/zod";
import { type UseFormRegisterReturn, useForm, useWatch } from "react-hook-form";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormErrors } from "@/components/ui/form-errors";
import { Input } from "@/components/ui/input";
import { PageTitle } from "@/components/ui/page-title";
import { Spinner } from "@/components/ui/spinner";
import { formMessages, noAnswerMessage } from "@/lib/form-messages";
import { useSaveDetails } from "../api/save-details";
import { imageUploadFailure } from "../api/upload-profile-image";
import { useImageChoice } from "../hooks/use-image-choice";
import { ImagePicker } from "./image-picker";

const NAME_ID = "details-name";
const IMAGE_ID = "details-image";
const ERRORS_ID = "details-errors";

/**
 * /sign-in/details: a new user picks the name others will see, and a photo if
 * they like (the order of the calls: `useSaveDetails`).
 */
export function DetailsForm({
  userId,
  onSaved,
}: {
  userId: string;
  onSaved: () => Promise<unknown>;
}) {
  const { image, form, typedName, save, messages } = useDetailsForm(userId, onSaved);
  const nameError = form.formState.errors.displayName?.message;
  const saving = save.isPending || save.isSuccess;

  return (
    <Card className="mx-auto max-w-md">
      <PageTitle screen="Your Details" />
      <p className="text-xs font-semibold uppercase tracking-wider text-brand-fg">One last step</p>
      <h1 className="mt-2 text-balance text-xl font-bold leading-snug tracking-tight text-fg sm:text-2xl">
        {authMessages.detailsHeader}
      </h1>
      <p className="mt-2 text-fg-muted">{authMessages.detailsSubtitle}</p>
      <form
        noValidate
        onSubmit={form.handleSubmit((values: DetailsValues) =>
          save.mutate({ ...values, photo: image.file }),
        )}
        className="mt-6 space-y-5"
      >
        <div className="flex justify-center">
          <Avatar
            name={typedName.trim() || null}
            src={image.previewUrl}
            alt="Your new profile photo"
            size={96}
            className="ring-4 ring-brand-soft"
          />
        </div>
        <NameField invalid={nameError !== undefined} {...form.register("displayName")} />
        <ImagePicker
          id={IMAGE_ID}
          label="Profile image (optional)"
          image={image}
          disabled={saving}
        />
        <FormErrors id={ERRORS_ID} messages={messages} />
        <SaveButton saving={saving} />
      </form>
    </Card>
  );
}

/** The name as typed (for the preview's initials), the chosen photo, the save and what the alert says. */
function useDetailsForm(userId: string, onSaved: () => Promise<unknown>) {
  const image = useImageChoice();
  const form = useForm({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: { displayName: "" },
  });
  const typedName = useWatch({ control: form.control, name: "displayName" });
  const save = useSaveDetails(userId, onSaved);
  const messages = formMessages(
    form.formState.errors,
    { displayName: undefined },
    image.error,
    save.isError &&
      (imageUploadFailure(save.error) ?? noAnswerMessage(save.error) ?? authMessages.detailsFailed),
  );
  return { image, form, typedName, save, messages };
}

/** The name field, tied to the alert while the alert speaks of it. */
function NameField({ invalid, ...registration }: { invalid: boolean } & UseFormRegisterReturn) {
  return (
    <Field id={NAME_ID} label="Name" hint="This is how your friends will see you.">
      <Input
        id={NAME_ID}
        autoComplete="name"
        autoCapitalize="words"
        enterKeyHint="done"
        aria-invalid={invalid}
        aria-describedby={invalid ? `${ERRORS_ID} ${NAME_ID}-hint` : `${NAME_ID}-hint`}
        {...registration}
      />
    </Field>
  );
}

function SaveButton({ saving }: { saving: boolean }) {
  return (
    <Button type="submit" className="w-full" disabled={saving}>
      {saving ? (
        <>
          <Spinner className="size-4 text-on-brand" label="Saving" /> Saving…
        </>
      ) : (
        "Save"
      )}
    </Button>
  );
}
