import type { FormMessage } from "@/lib/form-messages";
import { Alert } from "./alert";

export type { FormMessage } from "@/lib/form-messages";

/** An invalid form shows its list of messages in the danger alert (docs/product.md#validation). */
export function FormErrors({
  id,
  messages,
  className,
}: {
  id?: string;
  messages: FormMessage[];
  className?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className={className}>
      <Alert kind="danger">
        <ul className={messages.length > 1 ? "list-disc space-y-1 pl-4" : undefined}>
          {messages.map(({ field, message }) => (
            <li key={`${field}:${message}`}>
              {field && <span className="font-semibold">{field}: </span>}
              {message}
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}
