import { afterAll, afterEach } from "vitest";
import { resetTestClocks } from "./app";
import { failOnConsoleError } from "./console";

afterEach(() => {
  // A test that moved time must not leave the next one in the future.
  resetTestClocks();
  failOnConsoleError("during this test");
});
afterAll(() => failOnConsoleError("in a beforeAll/afterAll hook"));
