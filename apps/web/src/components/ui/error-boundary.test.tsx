import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentType, Suspense, startTransition, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lazyCode } from "@/lib/lazy-code";
import { setOnline } from "../../../test/network";
import { ErrorBoundary } from "./error-boundary";

/**
 * A part whose code arrives only while `arrives()` says so (by default, while
 * the browser is online); `loads` counts the asks. (React renders a failed part
 * once more before it gives up: each render asks anew.)
 */
function partArriving(arrives = () => navigator.onLine) {
  const part = { loads: 0 };
  const Part = lazyCode(async () => {
    part.loads += 1;
    if (!arrives()) throw new TypeError("Failed to fetch dynamically imported module");
    return () => <p>The part</p>;
  });
  return Object.assign(part, { Part });
}

function renderIn(Part: ComponentType, resetKey = "/one") {
  const tree = (key: string) => (
    <ErrorBoundary
      resetKey={key}
      pending={<p>Loading the page again</p>}
      fallback={(retry) => (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    >
      <Suspense fallback={<p>Loading</p>}>
        <Part />
      </Suspense>
    </ErrorBoundary>
  );
  const view = render(tree(resetKey));
  return { rerender: (key: string) => view.rerender(tree(key)), unmount: view.unmount };
}

const reload = vi.fn();

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(location, "reload").mockImplementation(reload);
  sessionStorage.clear();
});

afterEach(() => {
  setOnline(true);
  vi.restoreAllMocks();
  reload.mockReset();
});

describe("ErrorBoundary with code fetched on demand", () => {
  it("offline, stands in for a part whose code did not arrive, and shows it once back online", async () => {
    setOnline(false);
    const part = partArriving();
    renderIn(part.Part);
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
    const asked = part.loads;

    act(() => setOnline(true));
    expect(await screen.findByText("The part")).toBeTruthy();
    expect(part.loads).toBe(asked + 1);
    // Offline is not a new release: the page stays as it is.
    expect(reload).not.toHaveBeenCalled();
  });

  it("a navigation to a part whose code does not arrive ends on the fallback, having asked once", async () => {
    setOnline(false);
    const part = partArriving();
    let navigate: (to: "/one" | "/two") => void = () => {};
    function Pages() {
      const [path, setPath] = useState<"/one" | "/two">("/one");
      navigate = (to) => startTransition(() => setPath(to));
      return path === "/one" ? <p>Page one</p> : <part.Part />;
    }
    renderIn(Pages);
    await screen.findByText("Page one");
    // A navigation is a transition: it waits for the next page's code.
    act(() => navigate("/two"));
    expect(await screen.findByRole("button", { name: "Try again" })).toBeTruthy();
    // React renders a failed part once more; each render asking anew would never end.
    expect(part.loads).toBe(1);
  });

  it("asks for the code again on Try again (React.lazy alone keeps its first failure)", async () => {
    setOnline(false);
    let arrives = false;
    const part = partArriving(() => arrives);
    renderIn(part.Part);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Try again" }));
    await screen.findByRole("button", { name: "Try again" });
    arrives = true;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("The part")).toBeTruthy();
  });

  it("tries again on the next page (a new resetKey)", async () => {
    setOnline(false);
    let arrives = false;
    const part = partArriving(() => arrives);
    const view = renderIn(part.Part, "/one");
    await screen.findByRole("button", { name: "Try again" });
    arrives = true;
    view.rerender("/two");
    expect(await screen.findByText("The part")).toBeTruthy();
  });

  it("online, code that did not arrive is a new release: the page loads again, once, with no failure shown before", async () => {
    const heads = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => new Response(null, { status: 200 }));
    const first = renderIn(partArriving(() => false).Part);
    // While the server is asked, the page may be about to load again: it says it is loading.
    expect(await screen.findByText("Loading the page again")).toBeTruthy();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // It asked whether the server answers before leaving the page.
    expect(heads).toHaveBeenCalledWith(location.href, { method: "HEAD", cache: "no-store" });
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();

    // The reloaded page fails again (a release that is broken, say): no second reload, no
    // loop, and the failure is shown at once, with its Try again.
    first.unmount();
    renderIn(partArriving(() => false).Part);
    await screen.findByRole("button", { name: "Try again" });
    await act(() => Promise.resolve());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(heads).toHaveBeenCalledTimes(1);
  });

  it("online but with no answer from the server, keeps the page and its Try again", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    renderIn(partArriving(() => false).Part);
    await screen.findByRole("button", { name: "Try again" });
    await act(() => Promise.resolve());
    expect(reload).not.toHaveBeenCalled();
  });
});
