import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { sessionQueryKey } from "@/features/auth/api/get-session";
import { seedGlobalDilemma } from "@/features/global-dilemma/api/get-global-dilemma";
import { readInitialData } from "@/lib/initial-data";
import { createQueryClient } from "@/lib/query-client";

export function makeQueryClient() {
  const client = createQueryClient({
    onUnauthorized: (queryClient) => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
  seedGlobalDilemma(client, readInitialData());
  return client;
}

export function AppProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
