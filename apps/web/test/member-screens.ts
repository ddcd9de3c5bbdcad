import type { QueryClient } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { sessionQueryKey } from "@/features/auth/api/get-session";

/** A JSON answer of the API, as a mocked fetch returns it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A group of `GET /api/groups`: two members, admin u-1. */
export const groupRow = (id: string, name: string) => ({
  id,
  name,
  maxMembers: 8,
  memberCount: 2,
  daysBetweenRounds: 1,
  admin: "u-1",
});

/** Puts u-1 (Ada) in the query client's session; `user` overrides her fields. */
export function signInAda(
  queryClient: QueryClient,
  user: { isAnonymous?: boolean; name?: string | null } = {},
) {
  const isAnonymous = user.isAnonymous ?? false;
  queryClient.setQueryData(sessionQueryKey, {
    session: { id: "s1", expiresAt: new Date("2099-01-01") },
    user: {
      id: "u-1",
      email: "ada@example.test",
      emailVerified: !isAnonymous,
      isAnonymous,
      name: "Ada",
      image: null,
      createdAt: new Date("2026-11-01"),
      ...user,
    },
  });
}

/** The group cards on the screen, by the page each leads to, top to bottom. */
export const groupCardLinks = () =>
  screen
    .getAllByRole("link")
    .map((link) => link.getAttribute("href"))
    .filter((href) => href?.startsWith("/group/"));
