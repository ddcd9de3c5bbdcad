import { mailPreferenceMessages } from "@eitheror/shared/notifications/schema";
import { pushMessages } from "@eitheror/shared/push/schema";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PushNotificationsSection, PushNudge } from "./push-notifications";

const PUBLIC_KEY = "BPublicKeyOfTheServer";
const subscription = {
  endpoint: "https://push.example.test/device-1",
  toJSON: () => ({
    endpoint: "https://push.example.test/device-1",
    keys: { p256dh: "p256dh-key", auth: "auth-secret" },
  }),
  unsubscribe: vi.fn(async () => true),
};

/** A browser with a service worker and the Push API, subscribed or not; the server's calls recorded. */
function browserWithPush({ subscribed }: { subscribed: boolean }) {
  let current = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  vi.stubGlobal("PushManager", class {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
    const path = new URL(String(url), window.location.origin).pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init?.method ?? "GET", path, body });
    const data =
      path === "/api/push/public-key"
        ? { publicKey: PUBLIC_KEY }
        : init?.method === "DELETE"
          ? { removed: true }
          : { subscription: { endpoint: body.endpoint, kinds: body.kinds, alsoEmail: false } };
    return new Response(JSON.stringify({ data }), {
      headers: { "content-type": "application/json" },
    });
  });
  return { pushManager, calls };
}

describe("PushNotificationsSection", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("one tap subscribes this device with the server's key and saves it for every kind", async () => {
    const { pushManager, calls } = browserWithPush({ subscribed: false });
    render(<PushNotificationsSection />);
    await userEvent.click(await screen.findByRole("button", { name: pushMessages.turnOn }));

    expect(await screen.findByRole("status")).toHaveProperty("textContent", pushMessages.on);
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: PUBLIC_KEY,
    });
    const saved = calls.find((call) => call.method === "PUT");
    expect(saved?.path).toBe("/api/push/subscription");
    expect(saved?.body).toEqual({
      endpoint: subscription.endpoint,
      keys: { p256dh: "p256dh-key", auth: "auth-secret" },
      kinds: expect.arrayContaining(["newRounds", "reminders", "roundResults"]),
      alsoEmail: false,
    });
  });

  it("one tap unsubscribes: the server forgets the device, the browser drops it", async () => {
    const { calls } = browserWithPush({ subscribed: true });
    render(<PushNotificationsSection />);
    await userEvent.click(await screen.findByRole("button", { name: pushMessages.turnOff }));

    expect(await screen.findByRole("button", { name: pushMessages.turnOn })).toBeTruthy();
    expect(calls.find((call) => call.method === "DELETE")?.body).toEqual({
      endpoint: subscription.endpoint,
    });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it("a switch per kind saves this device's kinds, and the device remembers them", async () => {
    const { calls } = browserWithPush({ subscribed: true });
    render(<PushNotificationsSection />);
    const reminders = await screen.findByRole("switch", {
      name: mailPreferenceMessages.labels.reminders,
    });
    expect(reminders).toHaveProperty("checked", true);
    await userEvent.click(reminders);

    await vi.waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1));
    expect(calls.find((call) => call.method === "PUT")?.body).toMatchObject({
      kinds: ["roundResults", "newRounds"],
      alsoEmail: false,
    });
    cleanup();
    render(<PushNotificationsSection />);
    const again = await screen.findByRole("switch", {
      name: mailPreferenceMessages.labels.reminders,
    });
    expect(again).toHaveProperty("checked", false);
    expect(
      screen.getByRole("switch", { name: mailPreferenceMessages.labels.newRounds }),
    ).toHaveProperty("checked", true);
  });

  it("is not offered where the browser has no Push API", async () => {
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { getRegistration: async () => null },
    });
    render(<PushNotificationsSection />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("heading", { name: pushMessages.section })).toBeNull();
  });

  it("after a submit, nudges a device without notifications, and says so once they are on", async () => {
    const { pushManager } = browserWithPush({ subscribed: false });
    render(<PushNudge />);
    expect(await screen.findByRole("heading", { name: pushMessages.nudge })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: pushMessages.turnOn }));
    expect(await screen.findByRole("status")).toHaveProperty("textContent", pushMessages.on);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it("does not nudge a device that has notifications on already", async () => {
    const { pushManager } = browserWithPush({ subscribed: true });
    render(<PushNudge />);
    await vi.waitFor(() => expect(pushManager.getSubscription).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("heading", { name: pushMessages.nudge })).toBeNull();
  });
});
