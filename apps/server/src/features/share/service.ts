import { dayParamsSchema } from "@eitheror/shared/global-dilemma/schema";
import type { Viewer } from "../../lib/auth/provider";
import type { GlobalDilemmaService } from "../global-dilemma/service";
import type { RoundsService } from "../rounds/service";
import { dailyCardSvg, renderPng, roundCardSvg } from "./card";

/** Pictures kept in memory: a day's or a round's few versions, for the busiest links. */
const CACHED_IMAGES = 64;
/** Today's split still moves: a short life; a past day's and a closed round's barely do. */
export const IMAGE_MAX_AGE = { today: 300, past: 86_400, round: 3_600 } as const;

export interface ShareImage {
  png: Buffer;
  maxAgeSeconds: number;
}

/** What a shared link's page says in its preview (og tags), all of it public. */
export interface SharePreview {
  title: string;
  description: string;
  /** The picture's path under PUBLIC_URL. */
  imagePath: string;
  imageAlt: string;
}

/**
 * A small map that forgets the longest-unused picture past its bound. A key names
 * the content (the counts of a day, the podium of a round), so a changed split
 * is a new key and a new picture, and concurrent askers share one rendering.
 */
function createImageCache(bound: number) {
  const images = new Map<string, Promise<Buffer>>();
  return (key: string, render: () => Promise<Buffer>): Promise<Buffer> => {
    const kept = images.get(key);
    if (kept) {
      images.delete(key);
      images.set(key, kept);
      return kept;
    }
    const made = render();
    made.catch(() => images.delete(key));
    images.set(key, made);
    for (const oldest of images.keys()) {
      if (images.size <= bound) break;
      images.delete(oldest);
    }
    return made;
  };
}

const dailyPath = /^\/daily\/(\d{4}-\d{2}-\d{2})$/;
const roundPath = /^\/shared\/round\/([\w-]+\.[\w-]+)$/;

/**
 * The share cards' pictures and previews (decision 0028): the daily result's and
 * a closed round's, from what the global dilemma and the rounds answer anyone.
 */
export function createShareService({
  globalDilemmas,
  rounds,
  title,
  publicUrl,
}: {
  globalDilemmas: GlobalDilemmaService;
  rounds: RoundsService;
  title: string;
  publicUrl: string;
}) {
  const host = new URL(publicUrl).host;
  const cached = createImageCache(CACHED_IMAGES);

  return {
    async dailyImage(day: string): Promise<ShareImage> {
      const { globalDilemmaData: d, isToday } = await globalDilemmas.day(day);
      const key = `daily:${d.id}:${d.countA}:${d.countB}`;
      const png = await cached(key, () => renderPng(dailyCardSvg({ title, host, ...d })));
      return { png, maxAgeSeconds: isToday ? IMAGE_MAX_AGE.today : IMAGE_MAX_AGE.past };
    },

    async roundImage(shareId: string): Promise<ShareImage> {
      const teaser = await rounds.sharing.teaser(shareId, null);
      const card = { title, host, dilemma: teaser.dilemma, podium: teaser.podium };
      const png = await cached(`round:${shareId}:${JSON.stringify(card.podium)}`, () =>
        renderPng(roundCardSvg(card)),
      );
      return { png, maxAgeSeconds: IMAGE_MAX_AGE.round };
    },

    roundTeaser: (shareId: string, viewer: Viewer | null) => rounds.sharing.teaser(shareId, viewer),

    /** The preview of a shared page's path, or undefined when it is not one (or not found). */
    async preview(path: string): Promise<SharePreview | undefined> {
      const day = dailyPath.exec(path)?.[1];
      if (day) return dailyPreview(day);
      const shareId = roundPath.exec(path)?.[1];
      if (shareId) return roundPreview(shareId);
      return undefined;
    },
  };

  async function dailyPreview(day: string): Promise<SharePreview | undefined> {
    // A day no calendar has (year 0000, 02-30) is no query for the database.
    if (!dayParamsSchema.safeParse({ day }).success) return undefined;
    const found = await globalDilemmas.day(day).catch(() => undefined);
    if (!found) return undefined;
    const { optionA, optionB, dilemma } = found.globalDilemmaData;
    return {
      title: dilemma,
      description: `${optionA} or ${optionB}? See how everyone split on ${day}, then pick yours.`,
      imagePath: `/api/share/daily/${day}/image.png`,
      imageAlt: `${dilemma} How everyone split on ${day}.`,
    };
  }

  async function roundPreview(shareId: string): Promise<SharePreview | undefined> {
    const teaser = await rounds.sharing.teaser(shareId, null).catch(() => undefined);
    if (!teaser) return undefined;
    const winner = teaser.podium[0];
    return {
      title: teaser.dilemma,
      description: winner
        ? `A round of ${title} among friends: ${winner.displayName} read the group best. Think you know your friends?`
        : `A round of ${title} among friends. Think you know your friends?`,
      imagePath: `/api/share/rounds/${shareId}/image.png`,
      imageAlt: `${teaser.dilemma} The round's podium.`,
    };
  }
}

export type ShareService = ReturnType<typeof createShareService>;
