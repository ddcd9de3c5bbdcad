import type { ReactNode } from "react";

const rules: { title: string; body: ReactNode }[] = [
  {
    title: "Who plays",
    body: "Every member of the group plays every round. Someone who joins during a round plays it at once; someone who leaves or is removed takes their votes, and the votes about them, along, and sits the rest of that round out even if they come back: they play from the next one. Someone removed needs a new invitation link from the admin to come back.",
  },
  {
    title: "Starting",
    body: "The group's admin starts the first round once at least one friend has joined. Each round brings a dilemma the group has never had, and lasts as many days as the group says. A group left with one member waits: the next round starts as soon as a second member joins.",
  },
  {
    title: "Voting",
    body: "Pick A or B for every member, yourself included, with a comment if you like (up to 1000 characters). Everything is saved as you go and can change until you submit.",
  },
  {
    title: "Submitting",
    body: "You need an A or B for everyone to submit, and a submit cannot be undone.",
  },
  {
    title: "Secrets",
    body: "While a round is open you see who has submitted, never what anyone voted. When it closes, every submitted vote and comment is shown to the group; votes never submitted stay private.",
  },
  {
    title: "Points",
    body: "Your own pick is the truth about you. You earn one point for every other member who submitted and whose pick you guessed. Guessing yourself earns nothing, and someone who did not submit earns nothing and shows 'did not vote'.",
  },
  {
    title: "Leaderboard",
    body: "Points add up over the group's finished rounds. Equal scores share a place.",
  },
];

/** docs/game-rules.md in plain words, for players. */
export function GameRules() {
  return (
    <section aria-labelledby="rules-heading" className="space-y-4">
      <h2 id="rules-heading" className="text-lg font-bold tracking-tight text-fg">
        The rules in plain words
      </h2>
      <dl className="space-y-4">
        {rules.map((rule) => (
          <div key={rule.title}>
            <dt className="font-semibold text-fg">{rule.title}</dt>
            <dd className="mt-0.5 text-sm leading-relaxed text-fg-muted">{rule.body}</dd>
          </div>
        ))}
      </dl>
      <div className="rounded-2xl bg-surface-muted p-4 text-sm leading-relaxed text-fg-muted">
        <p className="font-semibold text-fg">An example</p>
        <p className="mt-1">
          Ana, Ben and Cy submit. Ana chose A, Ben B, Cy A. Ana guessed Ben B and Cy B: one point
          (for Ben). Ben guessed Ana A and Cy A: two points. Cy guessed Ana B and Ben B: one point
          (for Ben).
        </p>
      </div>
    </section>
  );
}
