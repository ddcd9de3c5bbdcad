import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { sessionQueryKey } from "@/features/auth/api/get-session";
import { seedGlobalDilemma } from "@/features/global-dilemma/api/get-global-dilemma";
import { readInitialData } from "@/lib/initial-data";
import { createQueryClient } from "@/lib/query-client";

function makeQueryClient() {
  const client = createQueryClient({
    onUnauthorized: (queryClient) => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
  seedGlobalDilemma(client, readInitialData());
  return client;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
