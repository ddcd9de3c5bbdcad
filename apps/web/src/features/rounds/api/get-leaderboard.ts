import { roundsApi } from "@eitheror/shared/rounds/contract";
import { useQuery } from "@tanstack/react-query";
import { callApi, operationKey } from "@/lib/api-client";
import { onEveryMount } from "./on-every-mount";

/** The group's members by points; loaded each time the tab opens. */
export function useLeaderboard(groupId: string) {
  return useQuery({
    queryKey: operationKey(roundsApi.leaderboard, { id: groupId }),
    queryFn: async () =>
      (await callApi(roundsApi.leaderboard, { params: { id: groupId } })).data.leaderboardData,
    refetchOnMount: onEveryMount,
  });
}
