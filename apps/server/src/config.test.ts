import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

/** What production needs to start. */
const productionEnv = {
  APP_ENV: "production",
  PUBLIC_URL: "https://eitheror.example",
  AUTH_SECRET: "x".repeat(32),
  SMTP_URL: "smtp://mail.example:587",
};

describe("loadConfig", () => {
  it("runs locally on port 3000 with embedded PGlite in ./data by default", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      APP_ENV: "local",
      HOST: "127.0.0.1",
      PORT: 3000,
      DATA_DIR: "./data",
      MAIL_FROM: "eitheror <no-reply@eitheror.local>",
      ADMIN_EMAILS: [],
      APP_TITLE: "eitheror",
      publicUrl: "http://localhost:3000",
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.AUTH_SECRET).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBeUndefined();
  });

  it("listens on every interface in production, on this machine only otherwise, or on HOST", () => {
    expect(loadConfig({ APP_ENV: "local" }).HOST).toBe("127.0.0.1");
    // A test server moves its clock on request and has its limits raised.
    expect(loadConfig({ APP_ENV: "test" }).HOST).toBe("127.0.0.1");
    expect(loadConfig(productionEnv).HOST).toBe("0.0.0.0");
    expect(loadConfig({ APP_ENV: "local", HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadConfig({ APP_ENV: "local", HOST: " " }).HOST).toBe("127.0.0.1");
  });

  it("derives the public URL from PORT, or takes PUBLIC_URL without its trailing slash", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://eitheror.example/" }).publicUrl).toBe(
      "https://eitheror.example",
    );
  });

  it("reads ADMIN_EMAILS as a trimmed, lower-case list", () => {
    expect(
      loadConfig({ ADMIN_EMAILS: " Boss@Example.com , ops@example.com,," }).ADMIN_EMAILS,
    ).toEqual(["boss@example.com", "ops@example.com"]);
  });

  it("treats blank optional values as unset", () => {
    const config = loadConfig({ DATABASE_URL: "  ", SMTP_URL: "", AUTH_SECRET: " " });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.AUTH_SECRET).toBeUndefined();
  });

  it("refuses production without PUBLIC_URL, AUTH_SECRET and SMTP_URL, listing all three", () => {
    const error = configError({ APP_ENV: "production" });
    expect(error.problems).toEqual(
      expect.arrayContaining([
        "PUBLIC_URL: is required in production",
        "AUTH_SECRET: is required in production",
        "SMTP_URL: is required in production",
      ]),
    );
    expect(error.message).toMatch(/^Invalid configuration:/);
    for (const key of ["PUBLIC_URL", "AUTH_SECRET", "SMTP_URL"])
      expect(error.message).toContain(key);
  });

  it("takes the VAPID keys all three together or not at all", () => {
    expect(configError({ VAPID_SUBJECT: "mailto:ops@example.com" }).problems).toEqual([
      "VAPID_PUBLIC_KEY: must be set with the other VAPID_ variables (all three or none)",
      "VAPID_PRIVATE_KEY: must be set with the other VAPID_ variables (all three or none)",
    ]);
    expect(
      configError({
        VAPID_PUBLIC_KEY: "short",
        VAPID_PRIVATE_KEY: "x".repeat(43),
        VAPID_SUBJECT: "http://example.com",
      }).problems,
    ).toEqual([
      "VAPID_PUBLIC_KEY: must be a P-256 public key in base64url (87 characters)",
      "VAPID_SUBJECT: must be a mailto: or https: URL",
    ]);
  });

  it("starts in production when all three are given", () => {
    const config = loadConfig(productionEnv);
    expect(config.APP_ENV).toBe("production");
    expect(config.publicUrl).toBe("https://eitheror.example");
  });

  it.each([
    ["abc", "PORT: must be a port number"],
    ["70000", "PORT: must be between 0 and 65535"],
    ["-1", "PORT: must be between 0 and 65535"],
    ["3.5", "PORT: must be a whole number"],
  ])("reports the bad PORT %j in words", (PORT, problem) => {
    expect(configError({ PORT }).problems).toEqual([problem]);
  });

  it("reports every bad value at once", () => {
    const error = configError({
      APP_ENV: "staging",
      PUBLIC_URL: "ftp://eitheror.example",
      AUTH_SECRET: "too-short",
      LOG_LEVEL: "loud",
    });
    const keys = error.problems.map((problem) => problem.split(":")[0]);
    expect(keys.sort()).toEqual(["APP_ENV", "AUTH_SECRET", "LOG_LEVEL", "PUBLIC_URL"]);
    expect(error.problems).toContain("AUTH_SECRET: must be at least 32 characters");
    expect(error.problems).toContain("PUBLIC_URL: must be an http(s) URL");
  });

  it.each([
    ["", false],
    ["false", false],
    ["0", false],
    // One proxy in front: the right-most X-Forwarded-For entry is the client.
    ["true", 1],
    ["1", 1],
    ["2", 2],
    ["10.0.0.7", ["10.0.0.7"]],
    [
      " 127.0.0.1, 10.0.0.0/8 ,fd00::/8, ::1, loopback",
      ["127.0.0.1", "10.0.0.0/8", "fd00::/8", "::1", "loopback"],
    ],
  ])("reads TRUST_PROXY=%j as %j", (TRUST_PROXY, trusted) => {
    expect(loadConfig({ TRUST_PROXY }).TRUST_PROXY).toEqual(trusted);
  });

  it.each([
    ["yes", '"yes"'],
    ["10.0.0.0/33", '"10.0.0.0/33"'],
    ["fd00::/129", '"fd00::/129"'],
    ["10.0.0.1/x", '"10.0.0.1/x"'],
    ["10.0.0.1, proxy.internal", '"proxy.internal"'],
    ["10.0.0.1,", '""'],
  ])("refuses TRUST_PROXY=%j, naming %s", (TRUST_PROXY, named) => {
    const [problem = ""] = configError({ TRUST_PROXY }).problems;
    expect(problem).toMatch(
      /^TRUST_PROXY: must be false, true \(one proxy\), how many proxies stand in front \(a number\), or a comma list of the proxies' addresses or CIDR ranges; not an address or CIDR range: /,
    );
    expect(problem).toContain(named);
  });

  it("takes the dev server's origin outside production only", () => {
    expect(loadConfig({}).DEV_SERVER_ORIGIN).toBeUndefined();
    expect(loadConfig({ DEV_SERVER_ORIGIN: "http://localhost:5173/" }).DEV_SERVER_ORIGIN).toBe(
      "http://localhost:5173",
    );
    expect(configError({ DEV_SERVER_ORIGIN: "localhost:5173" }).problems).toEqual([
      "DEV_SERVER_ORIGIN: must be an http(s) URL such as http://localhost:5173",
    ]);
    expect(
      configError({ ...productionEnv, DEV_SERVER_ORIGIN: "http://localhost:5173" }).problems,
    ).toEqual([
      "DEV_SERVER_ORIGIN: is for npm run dev only: production trusts PUBLIC_URL's origin alone",
    ]);
  });

  it("serves no metrics and runs one process unless told otherwise", () => {
    const config = loadConfig({});
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.WORKERS).toBe(1);
    expect(config.SHUTDOWN_DELAY_MS).toBe(0);
    expect(loadConfig({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
    expect(configError({ METRICS_PORT: "3000" }).problems).toEqual([
      "METRICS_PORT: must differ from PORT",
    ]);
  });

  it("runs WORKERS processes, one per core with auto, on PostgreSQL only", () => {
    const postgres = { DATABASE_URL: "postgres://db.example/eitheror" };
    expect(loadConfig({ ...postgres, WORKERS: "3" }).WORKERS).toBe(3);
    expect(loadConfig({ ...postgres, WORKERS: "auto" }).WORKERS).toBe(availableParallelism());
    expect(configError({ WORKERS: "2" }).problems).toEqual([
      "WORKERS: needs a PostgreSQL server (DATABASE_URL): the embedded database (PGlite) is open in one process only",
    ]);
    expect(configError({ ...postgres, WORKERS: "many" }).problems).toEqual([
      "WORKERS: must be a whole number or auto",
    ]);
    expect(configError({ ...postgres, WORKERS: "0" }).problems).toEqual([
      "WORKERS: must be at least 1",
    ]);
  });
});
