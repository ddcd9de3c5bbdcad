// A closed round's share card: the member's signed link, the teaser anyone holding
// it reads, its card and its page's preview. Never a vote or a comment.
import { rmSync } from "node:fs";
import type { RoundShare, RoundTeaser } from "@eitheror/shared/share/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { expectCardPng, getImage } from "../../../test/png";
import { groupWith, type Player, player, rounds, voteAll } from "../../../test/rounds";
import { otherSpellings, withWrongSignature } from "../../../test/signed";
import { fakeWebBuild } from "../../../test/web-build";
import { renderPng, roundCardSvg } from "./card";

const PLANTED = "PLANTED-comment-zebra-7731";

let t: TestApp;
let build: ReturnType<typeof fakeWebBuild>;
let ana: Player;
let ben: Player;
let cy: Player;
let groupId: string;
let roundId: string;
let options: { optionA: string; optionB: string };

/** Ana (admin) and Ben play a round to its end; Ben writes a distinctive comment. Cy is outside. */
beforeAll(async () => {
  build = fakeWebBuild();
  t = await createTestApp({ webRoot: build.root });
  ana = await player(t, "Ana");
  ben = await player(t, "Ben");
  cy = await player(t, "Cy");
  groupId = await groupWith(ana, [ben]);
  const started = (await rounds.start(ana, groupId)).body.data.dilemmaData;
  roundId = started.roundId;
  options = { optionA: started.optionA, optionB: started.optionB };
  await voteAll(ana, groupId, roundId, [
    [ana, "A"],
    [ben, "B"],
  ]);
  await voteAll(ben, groupId, roundId, [
    [ana, "B"],
    [ben, "B"],
  ]);
  const comment = await rounds.vote(ben, groupId, roundId, {
    selectedFor: ana.userId,
    comments: PLANTED,
  });
  expect(comment.status).toBe(200);
  for (const voter of [ana, ben]) await rounds.submit(voter, groupId, roundId);
  expect((await rounds.round(ana, groupId, roundId)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  rmSync(build.root, { recursive: true, force: true });
});

const shareOf = (by: ReturnType<TestApp["client"]>) =>
  by.get<{ data: { roundShare: RoundShare } }>(`/api/groups/${groupId}/rounds/${roundId}/share`);
const teaserOf = (by: ReturnType<TestApp["client"]>, shareId: string) =>
  by.get<{ data: { teaser: RoundTeaser } }>(`/api/share/rounds/${shareId}`);

async function shareId() {
  const response = await shareOf(ana);
  expect(response.status).toBe(200);
  return response.body.data.roundShare.shareId;
}

/** Nothing a member voted or wrote, in any text the share gives away. */
function expectNoVotes(text: string) {
  expect(text).not.toContain(PLANTED);
  expect(text).not.toContain("optionSelected");
  expect(text).not.toContain("selectedBy");
  expect(text).not.toContain("comments");
}

describe("a member's share link", () => {
  it("gives a member the signed link, the round's number, the group and the podium", async () => {
    for (const member of [ana, ben]) {
      const response = await shareOf(member);
      expect(response.status).toBe(200);
      const share = response.body.data.roundShare;
      expect(share.shareId).toMatch(new RegExp(`^${roundId}\\.[\\w-]{22}$`));
      expect(share).toMatchObject({ number: 1, groupName: "Round table" });
      // Both played: both stand on the podium, ranked, by the names they show.
      expect(share.podium.map((p) => p.displayName).sort()).toEqual(["Ana", "Ben"]);
      expect(share.podium[0]?.rank).toBe(1);
      expectNoVotes(response.text);
    }
  });

  it("refuses the link to a non-member (404), a guest (403) and the signed out (401)", async () => {
    expect((await shareOf(cy)).status).toBe(404);
    expect((await shareOf(await t.anonymous())).status).toBe(403);
    expect((await shareOf(t.client())).status).toBe(401);
  });

  it("has no link for a round still open", async () => {
    const other = await groupWith(ana, [ben]);
    const open = (await rounds.start(ana, other)).body.data.dilemmaData.roundId;
    const response = await ana.get(`/api/groups/${other}/rounds/${open}/share`);
    expect(response.status).toBe(404);
  });
});

describe("the teaser behind a signed link", () => {
  it("shows anyone the question and the podium, never a vote or a comment", async () => {
    const id = await shareId();
    for (const reader of [t.client(), await t.anonymous(), cy]) {
      const response = await teaserOf(reader, id);
      expect(response.status).toBe(200);
      const { teaser } = response.body.data;
      const round = (await rounds.round(ana, groupId, roundId)).body.data.roundData;
      expect(teaser).toMatchObject({ dilemma: round.dilemma, member: null, ...options });
      expect(teaser.podium).toHaveLength(2);
      expect(Object.keys(teaser.podium[0] ?? {}).sort()).toEqual(["displayName", "points", "rank"]);
      expectNoVotes(response.text);
    }
  });

  it("tells a member where their archived round is", async () => {
    const response = await teaserOf(ben, await shareId());
    expect(response.body.data.teaser.member).toEqual({ groupId, roundId });
  });

  it("is a 404 for a wrong signature, another round's, or none", async () => {
    const id = await shareId();
    const [round, signature = ""] = id.split(".");
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    for (const wrong of [`${round}.${flipped}`, `${round}x.${signature}`, `${round}.short`]) {
      const response = await teaserOf(t.client(), wrong);
      expect(response.status, wrong).toBe(404);
      expect((await getImage(t, `/api/share/rounds/${wrong}/image.png`)).status).toBe(404);
    }
    expect((await teaserOf(t.client(), round ?? "")).status).toBe(400);
  });

  it("opens only for the signature as the server wrote it, not another spelling of its bytes", async () => {
    const id = await shareId();
    const spellings = otherSpellings(id);
    expect(spellings.length).toBeGreaterThan(2);
    for (const other of spellings) {
      // `=` is no character of a share id: the contract refuses it before the signature.
      const expected = other.includes("=") ? 400 : 404;
      const teaser = await teaserOf(t.client(), other);
      expect(teaser.status, other).toBe(expected);
      const card = await getImage(t, `/api/share/rounds/${other}/image.png`);
      expect(card.status, other).toBe(expected);
    }
    expect((await teaserOf(t.client(), id)).status).toBe(200);
  });
});

describe("the round's card and page", () => {
  it("is a 1200×630 PNG drawn from the question and the podium alone", async () => {
    const id = await shareId();
    const card = await getImage(t, `/api/share/rounds/${id}/image.png`);
    expect(card.status).toBe(200);
    expect(card.type).toBe("image/png");
    await expectCardPng(card.png);
    const { teaser } = (await teaserOf(t.client(), id)).body.data;
    const svg = roundCardSvg({
      title: t.config.APP_TITLE,
      host: new URL(t.config.publicUrl).host,
      dilemma: teaser.dilemma,
      podium: teaser.podium,
    });
    // The served picture is exactly this drawing, which holds no vote and no comment.
    expect((await renderPng(svg)).equals(card.png)).toBe(true);
    expect(svg).not.toContain(PLANTED);
    expect(svg).not.toContain(options.optionA);
    expect(svg).not.toContain(options.optionB);
  });

  it("gives /shared/round/<id> the round's preview, and a wrong link the app's own", async () => {
    const id = await shareId();
    const page = await t.client().get(`/shared/round/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(
      `<meta property="og:image" content="${t.config.publicUrl}/api/share/rounds/${id}/image.png" />`,
    );
    expect(page.text).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
    expectNoVotes(page.text);
    const wrong = await t.client().get(`/shared/round/${withWrongSignature(id)}`);
    expect(wrong.text).toContain(`content="${t.config.publicUrl}/og-image.png"`);
  });
});
