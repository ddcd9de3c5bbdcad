import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { failureMessages, formMessages } from "./form-messages";

describe("formMessages", () => {
  it("lists invalid fields in the form's order with their labels, then the rest", () => {
    const errors = {
      email: { type: "x", message: "Invalid email format." },
      name: { type: "x", message: "This field is required." },
    };
    expect(
      formMessages(errors, { name: "Name", email: "Email Address" }, "Photo too big", null, false),
    ).toEqual([
      { field: "Name", message: "This field is required." },
      { field: "Email Address", message: "Invalid email format." },
      { message: "Photo too big" },
    ]);
  });
});

describe("failureMessages", () => {
  const fallback = "Internal error, please try again.";

  it("shows the server's field messages for a refused input", () => {
    const error = new ApiError(400, "Invalid", "invalid_input", ["Name: too long", "Max: 2–100"]);
    expect(failureMessages(error, fallback)).toEqual([
      { message: "Name: too long" },
      { message: "Max: 2–100" },
    ]);
  });

  it("keeps the server's words for a conflict, a limit or no connection", () => {
    for (const [status, code] of [
      [409, "group_full"],
      [429, "rate_limited"],
      [0, undefined],
    ] as const) {
      expect(failureMessages(new ApiError(status, "Said the server", code), fallback)).toEqual([
        { message: "Said the server" },
      ]);
    }
  });

  it("uses the product's message for anything else", () => {
    expect(failureMessages(new ApiError(500, "stack trace"), fallback)).toEqual([
      { message: fallback },
    ]);
    expect(failureMessages(new Error("boom"), fallback)).toEqual([{ message: fallback }]);
  });
});
