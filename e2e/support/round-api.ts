import { expect, type Page } from "@playwright/test";

type Pick = "A" | "B";

/** One call of the API from `page`, as the app makes it: its cookies and the XSRF pair. */
async function callApi<T>(page: Page, method: "GET" | "POST", path: string, body?: object) {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const token = document.cookie
        .split("; ")
        .find((part) => part.startsWith("XSRF-TOKEN="))
        ?.slice("XSRF-TOKEN=".length);
      const response = await fetch(path, {
        method,
        headers: {
          ...(body ? { "content-type": "application/json" } : {}),
          "x-xsrf-token": decodeURIComponent(token ?? ""),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, json: await response.json() };
    },
    { method, path, body },
  );
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBe(200);
  return (answer.json as { data: T }).data;
}

/**
 * `page`'s person votes in the group's open round through the API, a pick for
 * each member by display name (and a comment for those `comments` names), and
 * submits: quicker than the voting screen, which the rounds journey drives by hand.
 */
export async function voteAndSubmit(
  page: Page,
  groupId: string,
  picks: Record<string, Pick>,
  comments: Record<string, string> = {},
) {
  const { groupData } = await callApi<{
    groupData: { members: { id: string; displayName: string | null }[] };
  }>(page, "GET", `/api/groups/${groupId}`);
  const { dilemmaData } = await callApi<{ dilemmaData: { roundId: string } }>(
    page,
    "GET",
    `/api/groups/${groupId}/rounds/current`,
  );
  const round = `/api/groups/${groupId}/rounds/${dilemmaData.roundId}`;
  for (const member of groupData.members) {
    const optionSelected = picks[member.displayName ?? ""];
    if (!optionSelected) throw new Error(`no pick for ${member.displayName}`);
    const comment = comments[member.displayName ?? ""];
    await callApi(page, "POST", `${round}/vote`, {
      selectedFor: member.id,
      optionSelected,
      ...(comment !== undefined && { comments: comment }),
    });
  }
  return callApi<{ roundClosed: boolean }>(page, "POST", `${round}/submit-votes`);
}
