import { useParams } from "react-router";
import { DayPage } from "@/features/global-dilemma/components/day-page";

/** /daily/{day}: a day's dilemma and its split, what a shared result links to. */
export function DailyRoute() {
  const { day = "" } = useParams();
  return <DayPage key={day} day={day} />;
}
