/** The generic field messages (docs/product.md#validation), written once for server and web. */
export const fieldMessages = {
  required: "This field is required.",
  minLength: (n: number) => `Minimum length is ${n}.`,
  maxLength: (n: number) => `Maximum length is ${n}.`,
  minValue: (n: number) => `Minimum value is ${n}.`,
  maxValue: (n: number) => `Maximum value is ${n}.`,
  email: "Invalid email format.",
  pattern: "Invalid pattern.",
  dateRange: "Date must be within the allowed range.",
  number: "must be a number.",
} as const;
