import { type Operation, operationUrl } from "@eitheror/shared/api/contract";
import { apiRequest, type DeferredOperation, sessionGate } from "./api-client";

/**
 * How long the log-out waits for calls already sent. By then the server has
 * checked their session; a long one (an upload, Generate Dilemmas) finishes
 * under it all the same, and must not hold up the log-out.
 */
const SENT_CALLS_WAIT_MS = 1000;

/** Until the calls sent now are answered, or SENT_CALLS_WAIT_MS has passed. */
async function sentCallsAnswered() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise((resolve) => {
    timer = setTimeout(resolve, SENT_CALLS_WAIT_MS);
  });
  await Promise.race([Promise.allSettled(sessionGate.unanswered), waited]);
  clearTimeout(timer);
}

/**
 * Logs out with no other call crossing the end of the session. Calls already
 * sent are answered first (for a second at most), under the session they were
 * sent in. Calls set off meanwhile (a screen still loading, a poll) wait until
 * `afterwards` is done with the page; then those set off before the end are
 * dropped with an ApiError of `SESSION_ENDED_CODE`, and those set off after it
 * (the next page's) leave. A log-out that fails ends nothing: the waiting calls
 * leave as they were. (Apart from the API client: only a member's menu logs
 * out, and the landing page's code does without it, docs/decisions/0022.)
 */
export async function endSession<O extends Operation>(
  operation: O | DeferredOperation<O>,
  afterwards: (failure: unknown) => Promise<void>,
): Promise<void> {
  let done = () => {};
  sessionGate.ending = new Promise((resolve) => {
    done = resolve;
  });
  let failure: unknown;
  try {
    await sentCallsAnswered();
    try {
      await apiRequest(operationUrl(operation), {
        method: operation.method,
        body: {},
        endsSession: true,
      });
      sessionGate.ended += 1;
    } catch (error) {
      failure = error;
    }
    await afterwards(failure);
  } finally {
    sessionGate.ending = undefined;
    done();
  }
  if (failure) throw failure;
}
