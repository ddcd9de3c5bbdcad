import { roundMessages } from "@eitheror/shared/rounds/schema";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { StartFirstRoundButton } from "./start-first-round-button";

function renderButton(memberCount: number) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StartFirstRoundButton groupId="g1" memberCount={memberCount} />
    </QueryClientProvider>,
  );
  return screen.getByRole("button", { name: "Start First Round" }) as HTMLButtonElement;
}

describe("StartFirstRoundButton", () => {
  it("is disabled while the admin is alone, and says why", () => {
    const button = renderButton(1);
    expect(button.disabled).toBe(true);
    const hint = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe(roundMessages.notEnoughMembers);
  });

  it("starts once a friend has joined", () => {
    const button = renderButton(2);
    expect(button.disabled).toBe(false);
    expect(screen.queryByText(roundMessages.notEnoughMembers)).toBeNull();
  });
});
