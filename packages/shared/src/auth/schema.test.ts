import { describe, expect, it } from "vitest";
import { fieldMessages } from "../validation/messages";
import { detailsFormSchema, profileFormSchema, signInFormSchema } from "./schema";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("sign-in e-mail", () => {
  it("is trimmed and lowercased", () => {
    expect(signInFormSchema.parse({ email: "  Ada@Example.TEST " })).toEqual({
      email: "ada@example.test",
    });
  });

  it.each([
    [undefined, fieldMessages.required],
    ["", fieldMessages.required],
    ["   ", fieldMessages.required],
    ["ada", fieldMessages.email],
    ["ada@", fieldMessages.email],
    ["ada @example.test", fieldMessages.email],
  ])("refuses %j with only %j", (email, message) => {
    expect(messagesOf(signInFormSchema.safeParse({ email }))).toEqual([message]);
  });
});

describe("display names", () => {
  it("are trimmed", () => {
    expect(detailsFormSchema.parse({ displayName: "  Ada  " }).displayName).toBe("Ada");
  });

  it("lose what others would not see, or would see reordered", () => {
    const shown = (displayName: string) => detailsFormSchema.parse({ displayName }).displayName;
    expect(shown("\u202EAda\u202C")).toBe("Ada");
    expect(shown("\u200BAda\uFEFF\u0007")).toBe("Ada");
    expect(shown("Ada 👩\u200D👩\u200D👧")).toBe("Ada 👩\u200D👩\u200D👧");
  });

  it.each([
    ["", fieldMessages.required],
    ["  ", fieldMessages.required],
    ["\u200B\u200B\u200B", fieldMessages.required],
    ["A", fieldMessages.minLength(2)],
    ["A\u200B", fieldMessages.minLength(2)],
  ])("refuse %j with only %j", (displayName, message) => {
    expect(messagesOf(detailsFormSchema.safeParse({ displayName }))).toEqual([message]);
  });

  it("allow the same 50 characters at sign-in details and on the profile (decision 0052)", () => {
    const name = "x".repeat(46);
    const profile = (displayName: string) =>
      profileFormSchema.safeParse({ displayName, email: "a@example.test" });
    expect(detailsFormSchema.safeParse({ displayName: name }).success).toBe(true);
    expect(profile(name).success).toBe(true);
    expect(profile("x".repeat(50)).success).toBe(true);
    expect(
      detailsFormSchema.safeParse({ displayName: "x".repeat(51) }).error?.issues[0]?.message,
    ).toBe(fieldMessages.maxLength(50));
    expect(messagesOf(profile("x".repeat(51)))).toEqual([fieldMessages.maxLength(50)]);
  });
});
