import { roundMessages } from "@eitheror/shared/rounds/schema";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { CommentField } from "./comment-field";
import { SubmitVotesBar } from "./submit-votes-bar";

describe("SubmitVotesBar", () => {
  it("says how many picks are made of those needed", () => {
    render(
      <SubmitVotesBar picked={2} needed={3} pending={false} failure={null} onSubmit={vi.fn()} />,
    );
    expect(screen.getByText("2 of 3 picked")).toBeTruthy();
  });

  it("says a vote is missing and submits nothing while one is", async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <SubmitVotesBar picked={1} needed={3} pending={false} failure={null} onSubmit={onSubmit} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Submit Votes" }));
    expect(screen.getByRole("alert").textContent).toBe(roundMessages.votesMissing);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for the confirmation, then submits once confirmed", async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <SubmitVotesBar picked={3} needed={3} pending={false} failure={null} onSubmit={onSubmit} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Submit Votes" }));
    expect(screen.queryByRole("alert")).toBeNull();
    const dialog = screen.getByRole("dialog", { hidden: true });
    expect(dialog.textContent).toContain(roundMessages.confirmSubmit);
    const confirm = [...dialog.querySelectorAll("button")].find(
      (button) => button.textContent === "Submit Votes",
    );
    await userEvent.click(confirm as HTMLButtonElement);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("shows the server's failure in the product's words", () => {
    render(
      <SubmitVotesBar
        picked={3}
        needed={3}
        pending={false}
        failure={roundMessages.submitFailed}
        onSubmit={async () => undefined}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(roundMessages.submitFailed);
  });
});

function Comment({ onCommit, saved = "" }: { onCommit: () => void; saved?: string }) {
  const [value, setValue] = useState(saved);
  return <CommentField value={value} onChange={setValue} onCommit={onCommit} />;
}

describe("CommentField", () => {
  it("counts characters out of 1000 and commits when the box loses focus", async () => {
    const onCommit = vi.fn();
    render(<Comment onCommit={onCommit} />);
    await userEvent.click(screen.getByRole("button", { name: "Add a comment" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Comments"));
    expect(screen.getByText("0/1000")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Comments"), "Tea 😀");
    expect(screen.getByText("5/1000")).toBeTruthy();
    expect(onCommit).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});

describe("CommentField behind 'Add a comment'", () => {
  it("keeps the box closed until asked for, and open for a saved comment", () => {
    render(<Comment onCommit={vi.fn()} />);
    expect(screen.queryByLabelText("Comments")).toBeNull();
    cleanup();
    render(<Comment onCommit={vi.fn()} saved="Tea, always" />);
    expect((screen.getByLabelText("Comments") as HTMLTextAreaElement).value).toBe("Tea, always");
    expect(screen.queryByRole("button", { name: "Add a comment" })).toBeNull();
  });
});
