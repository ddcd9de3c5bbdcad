// `npm run lint` fails on an identical block of six or more lines in two source files:
// scripts/duplicate-blocks.mjs. This proves it finds one, and passes over what is not logic.
import { describe, expect, it } from "vitest";
import { duplicateBlocks, significantLines } from "../scripts/duplicate-blocks.mjs";

const logic = `export function share(points: number[], members: string[]) {
  const total = points.reduce((sum, point) => sum + point, 0);
  const average = members.length === 0 ? 0 : total / members.length;
  const rounded = Math.round(average * 100) / 100;
  if (rounded > 10) console.warn("a lot of points for one round", rounded);
  return { total, average: rounded, members: members.length };
}
`;

describe("duplicate blocks", () => {
  it("finds a block of six lines written twice, with both places", () => {
    const found = duplicateBlocks([
      { path: "a.ts", text: logic },
      { path: "b.ts", text: `// another file\n\n${logic}` },
    ]);
    expect(found).toEqual(["b.ts:3-8 repeats a.ts:1-6"]);
  });

  it("passes over a block written once, imports and lines of brackets", () => {
    const imports = `import {\n  alpha,\n  beta,\n  gamma,\n} from "./greek";\nimport { delta } from "./delta";\n`;
    expect(duplicateBlocks([{ path: "a.ts", text: logic }])).toEqual([]);
    expect(significantLines(`${imports}})\n\n  );\n`)).toEqual([]);
  });

  it("passes over thin blocks, such as a list of names handed on", () => {
    const names = "config,\nservices,\nclock,\nwebRoot,\nready,\nliveStreams,\n";
    expect(
      duplicateBlocks([
        { path: "a.ts", text: `f({\n${names}});` },
        { path: "b.ts", text: `g({\n${names}});` },
      ]),
    ).toEqual([]);
  });
});
