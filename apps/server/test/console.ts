import { format } from "node:util";
import { vi } from "vitest";

/**
 * Tests fail when something they ran wrote to console.error (an epic-stack habit):
 * an error nobody asserted on is a bug waiting to be noticed. setup.ts checks after
 * every test; a test that causes one on purpose says which with expectConsoleError().
 */
const print = console.error.bind(console);
let expected: RegExp | undefined;
const consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  if (!expected?.test(format(...args))) print(...args);
});

/** The current test must write one console.error matching `pattern` (kept off the output). */
export function expectConsoleError(pattern: RegExp): void {
  expected = pattern;
}

export function failOnConsoleError(when: string): void {
  const messages = consoleError.mock.calls.map((args) => format(...args));
  const pattern = expected;
  consoleError.mockClear();
  expected = undefined;

  const stray = messages.filter((message) => !pattern?.test(message));
  if (stray.length > 0) {
    throw new Error(
      `console.error was called ${when}: fix the cause, or declare it with expectConsoleError().\n${stray.join("\n")}`,
    );
  }
  if (pattern && !messages.some((message) => pattern.test(message))) {
    throw new Error(`expected a console.error matching ${pattern} ${when}, none came`);
  }
}
