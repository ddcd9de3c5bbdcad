import { Alert } from "./alert";

export interface FormMessage {
  /** The field's label, when the form has more than one field to tell apart. */
  field?: string;
  message: string;
}

/** Spec §5: an invalid form shows its list of messages in the danger alert. */
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
