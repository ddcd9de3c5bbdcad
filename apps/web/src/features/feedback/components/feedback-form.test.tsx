import { MAX_FEEDBACK_LENGTH } from "@eitheror/shared/feedback/schema";
import { fieldMessages } from "@eitheror/shared/validation/messages";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { FeedbackForm } from "./feedback-form";

function renderForm() {
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <FeedbackForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchSpy, user: userEvent.setup() };
}

const box = () => screen.getByLabelText("Your feedback");
const counter = (text: string) => screen.getByText(text);

describe("FeedbackForm", () => {
  afterEach(() => vi.restoreAllMocks());

  it("names the screen in the tab and has one h1", () => {
    renderForm();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(document.title).toMatch(/^Feedback · /);
  });

  it("counts the characters typed out of 1000", async () => {
    const { user } = renderForm();
    expect(counter(`0/${MAX_FEEDBACK_LENGTH}`).id).toBe(box().getAttribute("aria-describedby"));
    await user.type(box(), "Love it");
    expect(counter(`7/${MAX_FEEDBACK_LENGTH}`)).toBeTruthy();
  });

  it.each([
    ["nothing", ""],
    ["only spaces", "   "],
  ])(
    "refuses %s with 'This field is required.' in the alert and sends nothing",
    async (_, typed) => {
      const { fetchSpy, user } = renderForm();
      if (typed) await user.type(box(), typed);
      await user.click(screen.getByRole("button", { name: "Send" }));

      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe(fieldMessages.required);
      expect(box().getAttribute("aria-invalid")).toBe("true");
      expect(box().getAttribute("aria-describedby")).toContain("feedback-errors");
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );

  it("marks the counter past 1000 and refuses the text with the limit, sending nothing", async () => {
    const { fetchSpy, user } = renderForm();
    await user.click(box());
    await user.paste("x".repeat(MAX_FEEDBACK_LENGTH + 1));
    const over = counter(`${MAX_FEEDBACK_LENGTH + 1}/${MAX_FEEDBACK_LENGTH}`);
    expect(over.className).toContain("text-danger-fg");
    await user.click(screen.getByRole("button", { name: "Send" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(fieldMessages.maxLength(MAX_FEEDBACK_LENGTH))).toBeTruthy();
    expect(box().getAttribute("aria-invalid")).toBe("true");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("after the thanks, leads back home as well as to more feedback", async () => {
    const { fetchSpy, user } = renderForm();
    fetchSpy.mockImplementation(
      async () =>
        new Response(JSON.stringify({ data: { id: "f1" } }), {
          headers: { "content-type": "application/json" },
        }),
    );
    await user.type(box(), "Love it");
    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(await screen.findByText("Feedback received. Thank you")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/home");
    expect(screen.getByRole("button", { name: "Send more feedback" })).toBeTruthy();
  });
});
