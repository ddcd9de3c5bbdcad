import { render } from "@testing-library/react";
import * as lucide from "lucide-react";
import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import * as ours from "./landing-icons";

type Icon = ComponentType<{ className?: string }>;

/** Each of our icons beside lucide-react's of the same name. */
const pairs: [string, Icon, Icon][] = [
  ["ArrowRight", ours.ArrowRight, lucide.ArrowRight],
  ["Check", ours.Check, lucide.Check],
  ["CircleAlert", ours.CircleAlert, lucide.CircleAlert],
  ["CircleCheck", ours.CircleCheck, lucide.CircleCheck],
  ["Info", ours.Info, lucide.Info],
  ["LoaderCircle", ours.LoaderCircle, lucide.LoaderCircle],
  ["Monitor", ours.Monitor, lucide.Monitor],
  ["Moon", ours.Moon, lucide.Moon],
  ["Sun", ours.Sun, lucide.Sun],
  ["Trophy", ours.Trophy, lucide.Trophy],
  ["UsersRound", ours.UsersRound, lucide.UsersRound],
  ["Vote", ours.Vote, lucide.Vote],
  ["X", ours.X, lucide.X],
];

/** The svg's attributes (lucide's own class names aside) and its drawing. */
function drawn(Component: Icon) {
  const svg = render(<Component className="size-4" />).container.querySelector("svg");
  if (!svg) throw new Error("no svg");
  const attributes = Object.fromEntries(
    [...svg.attributes]
      .filter(({ name }) => name !== "class")
      .map(({ name, value }) => [name, value]),
  );
  return { attributes, drawing: svg.innerHTML, classes: svg.getAttribute("class") };
}

describe("the landing page's icons", () => {
  it.each(pairs)("%s is lucide's drawing, with the same svg attributes", (_name, mine, theirs) => {
    const ours = drawn(mine);
    const lucides = drawn(theirs);
    expect(ours.drawing).toBe(lucides.drawing);
    expect(ours.attributes).toEqual(lucides.attributes);
    expect(ours.classes).toBe("size-4");
  });

  it("has every icon the module exports here", () => {
    const exported = Object.keys(ours).filter((name) => /^[A-Z]/.test(name));
    expect(pairs.map(([name]) => name)).toEqual(exported);
  });
});
