/**
 * What an invitation says where it is shared (docs/product.md#limits: the
 * native share sheet; also the link's preview): the title, and a line inviting
 * people to the social game that quotes the game's title.
 */
export const inviteShare = {
  title: "You are invited!",
  text: (appTitle: string) =>
    `Join the social game "${appTitle}": predict how your friends choose between A and B.`,
} as const;
