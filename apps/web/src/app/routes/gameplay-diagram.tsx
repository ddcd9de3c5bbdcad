import { GameplayPage } from "@/features/gameplay/components/gameplay-page";

/** /gameplay-diagram: for everyone; Create Group asks a visitor to sign in first. */
export function GameplayDiagramRoute() {
  return <GameplayPage />;
}
