import { buildApp } from "../src/app";
import { createClock } from "../src/lib/clock";
import type { TestApp } from "./app";
import { advanceClock, type Player } from "./rounds";

/**
 * A second instance of the app on the test app's database, its clock in step:
 * what two instances behind one proxy share. `both(ms)` moves both clocks on and
 * runs the jobs then due on each (through `caller` on the test app); `restart()`
 * stops it and starts it again; `close()` stops it and its connection.
 */
export async function secondInstance(t: TestApp, caller: Player) {
  const database = await t.database.openAnother();
  const start = async () => {
    const clock = createClock();
    clock.advance(t.clock.now().getTime() - Date.now());
    return { clock, app: await buildApp({ config: t.config, database, clock }) };
  };
  let other = await start();
  return {
    async both(ms: number) {
      other.clock.advance(ms);
      await Promise.all([
        advanceClock(caller, ms),
        other.app.inject({ method: "POST", url: "/api/test/clock", payload: { advanceMs: 0 } }),
      ]);
    },
    async restart() {
      await other.app.close();
      other = await start();
    },
    async close() {
      await other.app.close();
      await database.close();
    },
  };
}
