// The layer rules of docs/architecture.md live in biome.json. This proves `npm run lint`
// fails on each forbidden import, and only on those: fixtures are written where the
// rule applies, linted, and removed again.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const RESTRICTED = "lint/style/noRestrictedImports";

const longFunction = `export function tooLong() {\n${Array.from({ length: 62 }, (_, i) => `  console.log(${i});`).join("\n")}\n}\n`;
/** 52 statements with a blank line after every fifth: 62 physical lines, blank ones counted. */
const longWithBlankLines = `export function tooLongWithAir() {\n${Array.from({ length: 52 }, (_, i) => `  console.log(${i});${i % 5 === 4 ? "\n" : ""}`).join("\n")}\n}\n`;

/** [path, content, the rule that must fire or null for none]: every fixture folder is new. */
const fixtures: [string, string, string | null][] = [
  [
    "apps/server/src/features/zz-fixture/service.ts",
    'import { sql } from "drizzle-orm";\nexport const q = sql`1`;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/features/zz-fixture/routes.ts",
    'import { user } from "../../db/schema";\nexport const t = user;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/features/zz-fixture/closing.ts",
    'import { rounds } from "../../db/tables/rounds";\nexport const t = rounds;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/features/zz-fixture/history-data.ts",
    'import { sql } from "drizzle-orm";\nimport { rounds } from "../../db/tables/rounds";\nexport const q = [sql`1`, rounds];\n',
    null,
  ],
  [
    "apps/server/src/features/zz-fixture/jobs.ts",
    'import { findUserById } from "../users/data";\nexport const f = findUserById;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/features/zz-fixture/mail.ts",
    'import { securityPlugin } from "../../plugins/security";\nexport const p = securityPlugin;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/features/zz-fixture/data.ts",
    'import { sql } from "drizzle-orm";\nimport { user } from "../../db/schema";\nexport const q = [sql`1`, user];\n',
    null,
  ],
  [
    "apps/server/src/features/zz-fixture/sharing.ts",
    'import { isPlayer } from "../../lib/auth/user-sql";\nexport const p = isPlayer;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/features/zz-fixture/hot-data.ts",
    'import { isPlayer } from "../../lib/auth/user-sql";\nexport const p = isPlayer;\n',
    null,
  ],
  [
    "apps/server/src/lib/zz-fixture-sql.ts",
    'import { sql } from "drizzle-orm";\nimport { user } from "../db/schema";\nexport const q = [sql`1`, user];\n',
    null,
  ],
  [
    "apps/server/src/lib/zz-fixture-feature-sql.ts",
    'import { createUsersService } from "../features/users/service";\nexport const c = createUsersService;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/features/zz-fixture-ok/service.ts",
    'import type { UsersService } from "../users/service";\nimport type { Db } from "../../lib/db";\nexport type S = [UsersService, Db];\n',
    null,
  ],
  [
    "apps/server/src/lib/zz-fixture-folder/up.ts",
    'import { createUsersService } from "../../features/users/service";\nexport const c = createUsersService;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/lib/zz-fixture-folder/sql.ts",
    'import { eq } from "drizzle-orm";\nexport const e = eq;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/lib/zz-fixture-folder/ok-sql.ts",
    'import { sql } from "drizzle-orm";\nexport const q = sql`1`;\n',
    null,
  ],
  [
    "apps/server/src/db/zz-fixture/up.ts",
    'import { usersRoutes } from "../../features/users/routes";\nexport const r = usersRoutes;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/db/seed/zz-fixture-up.ts",
    'import { securityPlugin } from "../../plugins/security";\nexport const p = securityPlugin;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/db/zz-fixture/ok.ts",
    'import { sql } from "drizzle-orm";\nimport { user } from "../schema";\nexport const q = [sql`1`, user];\n',
    null,
  ],
  [
    "apps/server/src/lib/zz-fixture-feature.ts",
    'import { createUsersService } from "../features/users/service";\nexport const c = createUsersService;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/lib/zz-fixture-db.ts",
    'import { eq } from "drizzle-orm";\nexport const e = eq;\n',
    RESTRICTED,
  ],
  [
    "apps/server/src/plugins/zz-fixture.ts",
    'import { usersRoutes } from "../features/users/routes";\nexport const r = usersRoutes;\n',
    RESTRICTED,
  ],
  [
    "apps/web/src/features/zz-fixture/api/x.ts",
    'import { useSession } from "@/features/auth/api/get-session";\nexport const u = useSession;\n',
    RESTRICTED,
  ],
  [
    "apps/web/src/features/zz-fixture/components/y.ts",
    'import { x } from "../../auth/api/get-session";\nexport const u = x;\n',
    RESTRICTED,
  ],
  [
    "apps/web/src/app/zz-fixture.ts",
    'import { buildApp } from "../../../server/src/app";\nexport const b = buildApp;\n',
    RESTRICTED,
  ],
  [
    "apps/web/src/components/zz-fixture.ts",
    'import { x } from "@/features/auth/api/get-session";\nexport const u = x;\n',
    RESTRICTED,
  ],
  [
    "apps/web/src/app/zz-fixture-link.tsx",
    'import { Link } from "react-router";\nexport const l = Link;\n',
    RESTRICTED,
  ],
  [
    "apps/web/src/features/zz-fixture/components/nav.tsx",
    'import { NavLink } from "react-router";\nexport const l = NavLink;\n',
    RESTRICTED,
  ],
  [
    "apps/web/src/features/zz-fixture/components/ok.tsx",
    'import { useNavigate } from "react-router";\nimport { Link } from "@/components/ui/link";\nexport const l = [Link, useNavigate];\n',
    null,
  ],
  [
    "packages/shared/src/zz-fixture/node.ts",
    'import { readFileSync } from "node:fs";\nexport const r = readFileSync;\n',
    RESTRICTED,
  ],
  [
    "packages/shared/src/zz-fixture/react.ts",
    'import { useState } from "react";\nexport const s = useState;\n',
    RESTRICTED,
  ],
  [
    "packages/shared/src/zz-fixture/ok.ts",
    'import { z } from "zod";\nimport { fieldMessages } from "../validation/messages";\nexport const s = [z.string(), fieldMessages];\n',
    null,
  ],
  [
    "apps/server/src/lib/zz-fixture-cycle-a.ts",
    'import { b } from "./zz-fixture-cycle-b";\nexport const a = () => b;\n',
    "lint/suspicious/noImportCycles",
  ],
  [
    "apps/server/src/lib/zz-fixture-cycle-b.ts",
    'import { a } from "./zz-fixture-cycle-a";\nexport const b = () => a;\n',
    "lint/suspicious/noImportCycles",
  ],
  [
    "apps/server/src/lib/zz-fixture-long.ts",
    longFunction,
    "lint/complexity/noExcessiveLinesPerFunction",
  ],
  [
    "apps/server/src/lib/zz-fixture-long-with-air.ts",
    longWithBlankLines,
    "lint/complexity/noExcessiveLinesPerFunction",
  ],
  [
    "apps/server/src/lib/zzFixtureName.ts",
    "export const x = 1;\n",
    "lint/style/useFilenamingConvention",
  ],
];

let diagnostics: { category: string; location: { path: string } }[] = [];

beforeAll(() => {
  for (const [path, content] of fixtures) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  let output: string;
  try {
    output = execFileSync(
      join(root, "node_modules/.bin/biome"),
      ["lint", "--reporter=json", "--max-diagnostics=none", ...fixtures.map(([path]) => path)],
      { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    );
  } catch (error) {
    // Biome exits 1 when it finds errors: that is what this test expects.
    output = (error as { stdout: string }).stdout;
  }
  diagnostics = JSON.parse(output).diagnostics;
}, 60_000);

afterAll(() => {
  for (const [path] of fixtures) {
    rmSync(join(root, path), { force: true });
    // The fixture folders (`…/zz-fixture/`) are the test's own: they go too.
    const folder = path.match(/^(.*?\/zz-fixture[^/]*)\//)?.[1];
    if (folder) rmSync(join(root, folder), { recursive: true, force: true });
  }
});

describe("the layer rules in biome.json", () => {
  it.each(fixtures)("%s → %s", (path, _content, rule) => {
    const found = diagnostics.filter((d) => d.location.path === path).map((d) => d.category);
    if (rule) expect(found).toContain(rule);
    else expect(found).toEqual([]);
  });
});
