import { appTitle } from "@/config/env";

/** The browser tab's title for a screen: "<Screen> · <product title>". */
export function PageTitle({ screen }: { screen: string }) {
  return <title>{`${screen} · ${appTitle}`}</title>;
}
