import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { sessionQueryKey } from "@/features/auth/api/get-session";
import { createQueryClient } from "@/lib/query-client";

const makeQueryClient = () =>
  createQueryClient({
    onUnauthorized: (client) => client.invalidateQueries({ queryKey: sessionQueryKey }),
  });

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
