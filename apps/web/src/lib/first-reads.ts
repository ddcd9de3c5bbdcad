import type { QueryClient } from "@tanstack/react-query";
import type { Params } from "react-router";

/**
 * What a screen's module may export beside its component: its first reads on a
 * direct visit, into the app's cache, resolving once they have answered
 * (app/router.tsx's `startScreenOf`; docs/decisions/0098).
 */
export type FirstReads = (client: QueryClient, params: Params) => Promise<unknown>;
