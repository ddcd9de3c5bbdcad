import {
  type DilemmaText,
  dilemmaMessages,
  dilemmaTextSchema,
  MAX_DILEMMA_LENGTH,
  MAX_OPTION_LENGTH,
} from "@eitheror/shared/dilemmas/schema";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormErrors } from "@/components/ui/form-errors";
import { Input, Textarea } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { failureMessages, formMessages } from "@/lib/form-messages";
import { useAddDilemma } from "../api/add-dilemma";
import { AdminPanel } from "./admin-panel";

const ERRORS_ID = "add-dilemma-errors";
const labels = { dilemma: "Dilemma", optionA: "Option A", optionB: "Option B" } as const;
const FALLBACK = "Internal error adding the dilemma. Please try again.";

function addFailure(error: Error | null) {
  if (!error) return undefined;
  if (error instanceof ApiError && error.code === "duplicate_dilemma") {
    return [{ message: dilemmaMessages.duplicate }];
  }
  return failureMessages(error, FALLBACK);
}

/**
 * Beyond docs/product.md's admin page (docs/decisions/0015-feedback-and-admin-screens.md):
 * one dilemma typed by hand, with the bank's own rules and duplicate check.
 */
export function AddDilemmaForm() {
  const add = useAddDilemma();
  const form = useForm({
    resolver: zodResolver(dilemmaTextSchema),
    defaultValues: { dilemma: "", optionA: "", optionB: "" },
  });
  const { errors } = form.formState;
  const messages = formMessages(errors, labels, addFailure(add.error));
  const describe = (name: keyof typeof labels) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": ERRORS_ID } : {};
  const submit = (values: DilemmaText) => add.mutate(values, { onSuccess: () => form.reset() });
  const clearOutcome = { onChange: () => (add.isError || add.isSuccess) && add.reset() };

  return (
    <AdminPanel
      title="Add a dilemma"
      description={`A question of up to ${MAX_DILEMMA_LENGTH} characters and two answers of up to ${MAX_OPTION_LENGTH}.`}
    >
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
        <Field id="add-dilemma" label={labels.dilemma}>
          <Textarea
            id="add-dilemma"
            rows={2}
            className="min-h-24"
            {...describe("dilemma")}
            {...form.register("dilemma", clearOutcome)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="add-option-a" label={labels.optionA}>
            <Input
              id="add-option-a"
              {...describe("optionA")}
              {...form.register("optionA", clearOutcome)}
            />
          </Field>
          <Field id="add-option-b" label={labels.optionB}>
            <Input
              id="add-option-b"
              {...describe("optionB")}
              {...form.register("optionB", clearOutcome)}
            />
          </Field>
        </div>
        <FormErrors id={ERRORS_ID} messages={messages} />
        {add.isSuccess && <Alert kind="success">Added to the bank: “{add.data.dilemma}”</Alert>}
        <Button
          type="submit"
          variant="secondary"
          disabled={add.isPending}
          className="w-full sm:w-auto"
        >
          {add.isPending ? (
            <>
              <Spinner className="size-4" label="Adding" /> Adding…
            </>
          ) : (
            "Add to the bank"
          )}
        </Button>
      </form>
    </AdminPanel>
  );
}
