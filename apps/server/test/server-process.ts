import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const serverRoot = fileURLToPath(new URL("..", import.meta.url));
/** The TypeScript entry, run through tsx: no build step before a test. */
export const serverScript = `${serverRoot}src/server.ts`;

export interface Child {
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr together. */
  output(): string;
}

/** Runs a TypeScript file in a child Node with tsx, collecting its output. */
export function runTs(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/** SIGKILL, as a crash or the OOM killer would: no shutdown code runs. */
export async function killHard(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerChild extends Child {
  port: number;
  baseUrl: string;
  /** GET /api/ready's status; 0 while not answering, -1 once the process is gone. */
  ready(): Promise<number>;
}

/** The real server in a child process, in test mode, on `port` (default: a free one). */
export async function startServer(
  env: Record<string, string>,
  port?: number,
): Promise<ServerChild> {
  const chosen = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${chosen}`;
  const server = runTs([serverScript], {
    APP_ENV: "test",
    PORT: String(chosen),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
    ...env,
  });
  const ready = async () => {
    try {
      return (await fetch(`${baseUrl}/api/ready`)).status;
    } catch {
      return server.child.exitCode === null ? 0 : -1;
    }
  };
  return { ...server, port: chosen, baseUrl, ready };
}

/** Waits until `server` answers GET /api/ready with 200 (outside a test, where expect.poll is not). */
export async function waitUntilReady(server: ServerChild, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await server.ready();
    if (status === 200) return;
    if (status === -1) throw new Error(`the server exited:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`not ready in ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
