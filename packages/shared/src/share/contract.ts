import { defineOperation } from "../api/contract";
import { roundTeaserResponseSchema, shareParamsSchema } from "./schema";

const tags = ["share"];

/**
 * The share cards' JSON. Their pictures (PNG, 1200×630) are bytes, not contract
 * operations: `GET /api/share/daily/{day}/image.png` and
 * `GET /api/share/rounds/{shareId}/image.png`.
 */
export const shareApi = {
  roundTeaser: defineOperation({
    method: "GET",
    path: "/share/rounds/:shareId",
    summary:
      "A closed round's question and podium for anyone holding its signed link (404 for a wrong signature); never a vote or a comment",
    tags,
    params: shareParamsSchema,
    response: roundTeaserResponseSchema,
  }),
};
