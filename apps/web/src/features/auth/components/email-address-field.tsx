import type { ComponentProps } from "react";
import { Field } from "@/components/ui/field";
import { EmailInput } from "@/components/ui/input";

/**
 * The address a sign-in link goes to, labelled as docs/product.md names it; marked
 * invalid and tied to the form's alert (`errorsId`) when the alert speaks of it.
 */
export function EmailAddressField({
  id,
  errorsId,
  invalid,
  described,
  ...input
}: Omit<ComponentProps<typeof EmailInput>, "id"> & {
  id: string;
  errorsId: string;
  invalid: boolean;
  /** Whether the alert shows at all (it may speak of the server, not the field). */
  described: boolean;
}) {
  return (
    <Field id={id} label="Email Address">
      <EmailInput
        id={id}
        placeholder="you@example.com"
        aria-invalid={invalid}
        aria-describedby={described ? errorsId : undefined}
        {...input}
      />
    </Field>
  );
}
