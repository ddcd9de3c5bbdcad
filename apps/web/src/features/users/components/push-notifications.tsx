import {
  mailPreferenceMessages as kindTexts,
  type MailKind,
  mailKinds,
} from "@eitheror/shared/notifications/schema";
import { pushApi } from "@eitheror/shared/push/contract";
import { pushMessages as texts } from "@eitheror/shared/push/schema";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { callApi } from "@/lib/api-client";

/** The device's choice of e-mails beside its pushes, remembered on this device only. */
const ALSO_EMAIL_KEY = "eitheror.push.alsoEmail";
/** The kinds this device is pushed, remembered on it (the server keeps them per subscription). */
const KINDS_KEY = "eitheror.push.kinds";

function readKinds(): MailKind[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KINDS_KEY) ?? "null");
    if (Array.isArray(kept)) return mailKinds.filter((kind) => kept.includes(kind));
  } catch {
    // Not what this code writes: every kind, as at first.
  }
  return [...mailKinds];
}

/** The browser can take pushes: a service worker and the Push API. */
const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window;

async function registration() {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

interface DeviceChoice {
  kinds: MailKind[];
  alsoEmail: boolean;
}

/** Saves the subscription with the kinds this device gets (decision 0076). */
async function save(subscription: PushSubscription, { kinds, alsoEmail }: DeviceChoice) {
  const json = subscription.toJSON();
  await callApi(pushApi.subscribe, {
    body: {
      endpoint: json.endpoint ?? subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
      kinds,
      alsoEmail,
    },
  });
}

/** The kinds this device gets, and whether the e-mails go too: remembered on this device. */
function useDeviceChoice() {
  const [choice, setChoice] = useState<DeviceChoice>(() => ({
    kinds: readKinds(),
    alsoEmail: localStorage.getItem(ALSO_EMAIL_KEY) === "1",
  }));
  const remember = (next: DeviceChoice) => {
    setChoice(next);
    localStorage.setItem(ALSO_EMAIL_KEY, next.alsoEmail ? "1" : "0");
    localStorage.setItem(KINDS_KEY, JSON.stringify(next.kinds));
  };
  return [choice, remember] as const;
}

type State = "unknown" | "unsupported" | "off" | "on" | "busy";

/** This device's subscription: what it is, and the taps that change it. */
function usePushDevice() {
  const [state, setState] = useState<State>("unknown");
  const [{ kinds, alsoEmail }, remember] = useDeviceChoice();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!pushSupported()) return setState("unsupported");
    let live = true;
    registration()
      .then(async (worker) => {
        if (!live) return;
        if (!worker) return setState("unsupported");
        setState((await worker.pushManager.getSubscription()) ? "on" : "off");
      })
      .catch(() => live && setState("unsupported"));
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    setProblem(null);
    setState("busy");
    try {
      const worker = await registration();
      if (!worker) throw new Error("no service worker");
      const { publicKey } = (await callApi(pushApi.publicKey)).data;
      const subscription = await worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
      await save(subscription, { kinds, alsoEmail });
      setState("on");
    } catch {
      setProblem(Notification.permission === "denied" ? texts.blocked : texts.failed);
      setState("off");
    }
  }

  async function turnOff() {
    setProblem(null);
    setState("busy");
    try {
      const subscription = await (await registration())?.pushManager.getSubscription();
      if (subscription) {
        await callApi(pushApi.unsubscribe, { body: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
      setState("off");
    } catch {
      setProblem(texts.failed);
      setState("on");
    }
  }

  /** Remembers the device's choice and saves it with its subscription, if it has one. */
  async function choose(choice: DeviceChoice) {
    setProblem(null);
    remember(choice);
    const subscription = await (await registration())?.pushManager.getSubscription();
    if (subscription) await save(subscription, choice).catch(() => setProblem(texts.saveFailed));
  }
  const changeAlsoEmail = (on: boolean) => choose({ kinds, alsoEmail: on });
  const changeKind = (kind: MailKind, on: boolean) =>
    choose({
      kinds: mailKinds.filter((each) => (each === kind ? on : kinds.includes(each))),
      alsoEmail,
    });

  return { state, alsoEmail, kinds, problem, turnOn, turnOff, changeAlsoEmail, changeKind };
}

/**
 * 'Notifications on this device' on one's own profile: one tap subscribes this
 * browser (pushManager.subscribe with the server's VAPID key) and saves it; one
 * tap unsubscribes. Hidden where the browser has no Push API or no worker.
 */
export function PushNotificationsSection() {
  const { state, alsoEmail, kinds, problem, turnOn, turnOff, changeAlsoEmail, changeKind } =
    usePushDevice();
  if (state === "unknown" || state === "unsupported") return null;
  const busy = state === "busy";
  return (
    <section aria-labelledby="push-heading" className="mt-8 border-t border-border pt-6">
      <h2 id="push-heading" className="text-lg font-semibold text-fg">
        {texts.section}
      </h2>
      <p className="mt-1 text-sm text-fg-subtle">{texts.intro}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {state === "on" ? (
          <Button variant="secondary" disabled={busy} onClick={() => void turnOff()}>
            {texts.turnOff}
          </Button>
        ) : (
          <Button disabled={busy} onClick={() => void turnOn()}>
            {texts.turnOn}
          </Button>
        )}
        {state === "on" && (
          <p role="status" className="text-sm text-fg-subtle">
            {texts.on}
          </p>
        )}
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-fg">{texts.kinds}</legend>
        <ul className="mt-2 space-y-2">
          {mailKinds.map((kind) => (
            <li key={kind} className="flex items-center gap-3">
              <input
                id={`push-${kind}`}
                type="checkbox"
                role="switch"
                className="size-5 shrink-0 accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
                checked={kinds.includes(kind)}
                aria-checked={kinds.includes(kind)}
                disabled={busy}
                onChange={(event) => void changeKind(kind, event.target.checked)}
              />
              <label htmlFor={`push-${kind}`} className="text-sm text-fg">
                {kindTexts.labels[kind]}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-3 flex items-center gap-3">
        <input
          id="push-also-email"
          type="checkbox"
          className="size-5 shrink-0 accent-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
          checked={alsoEmail}
          disabled={busy}
          onChange={(event) => void changeAlsoEmail(event.target.checked)}
        />
        <label htmlFor="push-also-email" className="text-sm text-fg">
          {texts.alsoEmail}
        </label>
      </div>
      {problem && (
        <Alert kind="danger" className="mt-4">
          {problem}
        </Alert>
      )}
    </section>
  );
}

/**
 * After a submit, on the group page: "Get a nudge before rounds close?" with one
 * tap to turn notifications on, where this browser can take them and has not
 * yet. Says so once on; gone when it is not wanted here.
 */
export function PushNudge() {
  const { state, problem, turnOn } = usePushDevice();
  const [asked, setAsked] = useState(false);
  if (state === "unknown" || state === "unsupported" || (state === "on" && !asked)) return null;
  return (
    <section
      aria-labelledby="push-nudge-heading"
      className="mt-4 rounded-3xl bg-surface p-5 shadow-sm ring-1 ring-border"
    >
      <h2 id="push-nudge-heading" className="font-semibold text-fg">
        {texts.nudge}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{texts.nudgeDetail}</p>
      {state === "on" ? (
        <p role="status" className="mt-3 text-sm text-fg-subtle">
          {texts.on}
        </p>
      ) : (
        <Button
          className="mt-3"
          disabled={state === "busy"}
          onClick={() => {
            setAsked(true);
            void turnOn();
          }}
        >
          {texts.turnOn}
        </Button>
      )}
      {problem && (
        <Alert kind="danger" className="mt-3">
          {problem}
        </Alert>
      )}
    </section>
  );
}
