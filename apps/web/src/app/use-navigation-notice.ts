import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * A notice a navigation brings in its state ("You have logged out.", a changed
 * address): shown once it arrives, also on the page the visitor is already on,
 * and taken out of the history entry at once, so a reload or a step back does
 * not say it again. `read` picks the notice out of the state.
 */
export function useNavigationNotice<T>(read: (state: unknown) => T | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<T>();
  const arrived = read(location.state);

  useEffect(() => {
    if (arrived === undefined) return;
    setNotice(arrived);
    navigate(".", { replace: true, state: null });
  }, [arrived, navigate]);

  return { notice, dismiss: () => setNotice(undefined) };
}
