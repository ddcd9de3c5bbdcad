import {
  type GroupFields,
  type GroupFieldsInput,
  groupFieldsSchema,
  MAX_DAYS_BETWEEN_ROUNDS,
  MAX_GROUP_NAME_LENGTH,
  MAX_MAX_MEMBERS,
  MIN_DAYS_BETWEEN_ROUNDS,
  MIN_MAX_MEMBERS,
} from "@eitheror/shared/groups/schema";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ComponentProps, type ReactNode, useEffect, useId } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormErrors } from "@/components/ui/form-errors";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { type FormMessage, formMessages } from "@/lib/form-messages";

export const groupFieldLabels = {
  name: "Group Name",
  maxMembers: "Max Members",
  daysBetweenRounds: "Days Between Rounds",
} as const;

/**
 * The group's fields, for Create Group and the group profile's edit form. The
 * browser's own checks are off (noValidate): the messages of
 * docs/product.md#validation come in the danger alert, from the same schema the
 * server checks with.
 */
interface GroupFormProps {
  defaultValues: GroupFieldsInput;
  submitLabel: string;
  pending: boolean;
  /** What a failed call said, under the field messages. */
  failure?: FormMessage[];
  /** Shown under the fields, above the button (a success alert). */
  after?: ReactNode;
  onSubmit: (values: GroupFields) => void;
  /** The person typed: whatever the last submit said is out of date. */
  onEdit?: () => void;
}

export function GroupForm({
  defaultValues,
  submitLabel,
  pending,
  failure = [],
  after,
  onSubmit,
  onEdit,
}: GroupFormProps) {
  const { form, errorsId, fieldProps } = useGroupForm(defaultValues, onEdit);
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit, () => onEdit?.())} className="space-y-5">
      <Field
        id={fieldProps("name").id}
        label={groupFieldLabels.name}
        hint={`Up to ${MAX_GROUP_NAME_LENGTH} characters. Your friends see it on their invitation.`}
      >
        <Input autoComplete="off" {...fieldProps("name")} {...form.register("name")} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField
          name="maxMembers"
          hint={`${MIN_MAX_MEMBERS} to ${MAX_MAX_MEMBERS}, you included.`}
          input={{ ...fieldProps("maxMembers"), ...form.register("maxMembers", asNumber) }}
        />
        <NumberField
          name="daysBetweenRounds"
          hint={`${MIN_DAYS_BETWEEN_ROUNDS} to ${MAX_DAYS_BETWEEN_ROUNDS}: how long each round stays open.`}
          input={{
            ...fieldProps("daysBetweenRounds"),
            ...form.register("daysBetweenRounds", asNumber),
          }}
        />
      </div>
      <FormErrors id={errorsId} messages={formMessages(errors, groupFieldLabels, failure)} />
      {after}
      <Button type="submit" className="w-full sm:w-auto sm:min-w-36" disabled={pending}>
        {pending && <Spinner className="size-4 text-on-brand" label="Saving" />}
        {submitLabel}
      </Button>
    </form>
  );
}

type GroupFieldName = keyof typeof groupFieldLabels;
const asNumber = { valueAsNumber: true } as const;

/** The form, and each field's id and state, tied to the alert (`errorsId`) while invalid. */
function useGroupForm(defaultValues: GroupFieldsInput, onEdit?: () => void) {
  const id = useId();
  const form = useForm<GroupFieldsInput, unknown, GroupFields>({
    resolver: zodResolver(groupFieldsSchema),
    defaultValues,
  });
  useOnTyping(form, onEdit);
  const { errors } = form.formState;
  const errorsId = `${id}-errors`;
  const fieldProps = (name: GroupFieldName) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] !== undefined,
    "aria-describedby": `${id}-${name}-hint${errors[name] ? ` ${errorsId}` : ""}`,
  });
  return { form, errorsId, fieldProps };
}

/** Calls `onEdit` when the person changes a field (not when the form is reset). */
function useOnTyping(
  form: UseFormReturn<GroupFieldsInput, unknown, GroupFields>,
  onEdit?: () => void,
) {
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === "change") onEdit?.();
    });
    return () => subscription.unsubscribe();
  }, [form, onEdit]);
}

/** A whole-number field with its label and range; `input` carries its id, state and registration. */
function NumberField({
  name,
  hint,
  input,
}: {
  name: GroupFieldName;
  hint: string;
  input: ComponentProps<typeof Input> & { id: string };
}) {
  return (
    <Field id={input.id} label={groupFieldLabels[name]} hint={hint}>
      <Input type="number" inputMode="numeric" {...input} />
    </Field>
  );
}
