import { expect, type Page } from "@playwright/test";
import { apiPost, appOrigin } from "./people";

type Pick = "A" | "B";

/**
 * One call of the API as `page`'s browser makes it: its cookies (page.request shares
 * them), and for a write the XSRF pair from the app's origin. The page need not be
 * on the app, nor does it move.
 */
async function callApi<T>(page: Page, path: string, write?: { origin: string; body: object }) {
  if (write) {
    return ((await apiPost(page.request, write.origin, path, write.body)) as { data: T }).data;
  }
  const response = await page.request.get(path);
  expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
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
  const origin = await appOrigin(page.request);
  const { groupData } = await callApi<{
    groupData: { members: { id: string; displayName: string | null }[] };
  }>(page, `/api/groups/${groupId}`);
  const { dilemmaData } = await callApi<{ dilemmaData: { roundId: string } }>(
    page,
    `/api/groups/${groupId}/rounds/current`,
  );
  const round = `/api/groups/${groupId}/rounds/${dilemmaData.roundId}`;
  for (const member of groupData.members) {
    const optionSelected = picks[member.displayName ?? ""];
    if (!optionSelected) throw new Error(`no pick for ${member.displayName}`);
    const comment = comments[member.displayName ?? ""];
    await callApi(page, `${round}/vote`, {
      origin,
      body: {
        selectedFor: member.id,
        optionSelected,
        ...(comment !== undefined && { comments: comment }),
      },
    });
  }
  return callApi<{ roundClosed: boolean }>(page, `${round}/submit-votes`, { origin, body: {} });
}
