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

  it.each(["invalid_input", "max_below_members", "votes_missing"])(
    "shows the server's field messages for refused input (%s)",
    (code) => {
      const error = new ApiError(400, "Invalid", code, ["Name: too long", "Max: 2–100"]);
      expect(failureMessages(error, fallback)).toEqual([
        { message: "Name: too long" },
        { message: "Max: 2–100" },
      ]);
    },
  );

  it.each(["conflict", "group_full", "round_already_started", "duplicate_dilemma", "rate_limited"])(
    "keeps the server's words for %s",
    (code) => {
      const status = code === "rate_limited" ? 429 : 409;
      expect(failureMessages(new ApiError(status, "Said the server", code), fallback)).toEqual([
        { message: "Said the server" },
      ]);
    },
  );

  it("keeps the client's words when no answer came (no envelope, no code)", () => {
    const offline = new ApiError(0, "Cannot reach the server.");
    expect(failureMessages(offline, fallback)).toEqual([{ message: "Cannot reach the server." }]);
  });

  it("decides on the code, not the status", () => {
    // A 409 whose code is not one the server words for people, and a 400 that is no refused input.
    expect(failureMessages(new ApiError(409, "raw", "internal_error"), fallback)).toEqual([
      { message: fallback },
    ]);
    expect(failureMessages(new ApiError(400, "raw", "invalid_link", ["x"]), fallback)).toEqual([
      { message: fallback },
    ]);
    // The same codes under another status still decide.
    expect(failureMessages(new ApiError(418, "Said the server", "group_full"), fallback)).toEqual([
      { message: "Said the server" },
    ]);
    expect(failureMessages(new ApiError(422, "Invalid", "invalid_input", ["x"]), fallback)).toEqual(
      [{ message: "x" }],
    );
  });

  it("uses the product's message for anything else", () => {
    for (const error of [
      new ApiError(500, "stack trace", "internal_error"),
      new ApiError(404, "Not here", "not_found"),
      new ApiError(403, "No", "forbidden"),
      new ApiError(400, "Invalid", "invalid_input"),
      new ApiError(502, "Bad gateway page"),
      new Error("boom"),
    ]) {
      expect(failureMessages(error, fallback)).toEqual([{ message: fallback }]);
    }
  });
});
