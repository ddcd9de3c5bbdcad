import type { ReactNode, Ref } from "react";
import { cn } from "@/lib/cn";
import { cardTitleClass } from "./card";
import { IconBadge } from "./icon-badge";
import { PageTitle } from "./page-title";

/**
 * The top of a message card: the tab's title, the icon tile and the screen's one
 * h1. `centered` for cards whose text is centred.
 */
export function CardHeading({
  screen,
  icon,
  tone,
  centered,
  headingRef,
  children,
}: {
  /** The tab's title ("<screen> · eitheror"). */
  screen: string;
  icon: ReactNode;
  tone?: "brand" | "success" | "danger";
  centered?: boolean;
  /** To move focus to the heading when the card replaces another. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <>
      <PageTitle screen={screen} />
      <IconBadge tone={tone} className={centered ? "mx-auto" : undefined}>
        {icon}
      </IconBadge>
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={cn(cardTitleClass, headingRef && "outline-none")}
      >
        {children}
      </h1>
    </>
  );
}
