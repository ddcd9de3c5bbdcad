import { afterAll, afterEach } from "vitest";
import { clock } from "../src/lib/clock";
import { failOnConsoleError } from "./console";

afterEach(() => {
  // A test that moved time must not leave the next one in the future.
  clock.reset();
  failOnConsoleError("during this test");
});
afterAll(() => failOnConsoleError("in a beforeAll/afterAll hook"));
