import { describe, expect, it } from "vitest";
import { fieldMessages } from "./messages";

describe("fieldMessages", () => {
  it("has the spec's fixed messages", () => {
    expect(fieldMessages.required).toBe("This field is required.");
    expect(fieldMessages.email).toBe("Invalid email format.");
    expect(fieldMessages.pattern).toBe("Invalid pattern.");
    expect(fieldMessages.dateRange).toBe("Date must be within the allowed range.");
    expect(fieldMessages.number).toBe("must be a number.");
  });

  it("puts the limit into the length and value messages", () => {
    expect(fieldMessages.minLength(3)).toBe("Minimum length is 3.");
    expect(fieldMessages.maxLength(1000)).toBe("Maximum length is 1000.");
    expect(fieldMessages.minValue(0)).toBe("Minimum value is 0.");
    expect(fieldMessages.maxValue(10)).toBe("Maximum value is 10.");
  });
});
