import {
  type MailKind,
  mailKinds,
  mailPreferenceMessages as texts,
} from "@eitheror/shared/notifications/schema";
import { Alert } from "@/components/ui/alert";
import { LoadFailedAlert } from "@/components/ui/load-failed";
import { noAnswerMessage } from "@/lib/form-messages";
import { useMailPreferences, useSaveMailPreferences } from "../api/mail-preferences";

/**
 * The 'E-mails' section of one's own profile: a switch per kind of game e-mail,
 * saved as it is flipped. Native checkboxes with role="switch": Space toggles,
 * Tab moves on, and screen readers say on or off.
 */
export function MailPreferencesSection() {
  const preferences = useMailPreferences();
  const save = useSaveMailPreferences();
  const current = preferences.data;

  const toggle = (kind: MailKind, on: boolean) => {
    if (current) save.mutate({ ...current, [kind]: on });
  };

  return (
    <section
      aria-labelledby="mail-preferences-heading"
      className="mt-8 border-t border-border pt-6"
    >
      <h2 id="mail-preferences-heading" className="text-lg font-semibold text-fg">
        {texts.section}
      </h2>
      <p className="mt-1 text-sm text-fg-subtle">{texts.intro}</p>
      {preferences.isError && (
        <LoadFailedAlert
          className="mt-4"
          what="your e-mail choices"
          error={preferences.error}
          onRetry={() => preferences.refetch()}
        />
      )}
      <ul className="mt-4 space-y-3">
        {mailKinds.map((kind) => (
          <li key={kind} className="flex items-start gap-3">
            <input
              id={`mail-${kind}`}
              type="checkbox"
              role="switch"
              className="mt-1 size-5 shrink-0 accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
              checked={current?.[kind] ?? true}
              aria-checked={current?.[kind] ?? true}
              disabled={!current || save.isPending}
              aria-describedby={`mail-${kind}-hint`}
              onChange={(event) => toggle(kind, event.target.checked)}
            />
            <div>
              <label htmlFor={`mail-${kind}`} className="font-medium text-fg">
                {texts.labels[kind]}
              </label>
              <p id={`mail-${kind}-hint`} className="text-sm text-fg-subtle">
                {texts.hints[kind]}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {save.isError && (
        <Alert kind="danger" className="mt-4">
          {noAnswerMessage(save.error) ?? texts.saveFailed}
        </Alert>
      )}
    </section>
  );
}
