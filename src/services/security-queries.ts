import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchLoginHistory,
  fetchSessions,
  revokeOtherSessions,
  revokeSession,
} from './security-api';

const securityKeys = {
  sessions: ['security', 'sessions'] as const,
  loginHistory: ['security', 'loginHistory'] as const,
};

/** The user's live sessions (the Security page). */
export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions,
    queryFn: ({ signal }) => fetchSessions(signal),
  });
}

/** The account's last sign-in attempts (the Security page). */
export function useLoginHistory() {
  return useQuery({
    queryKey: securityKeys.loginHistory,
    queryFn: ({ signal }) => fetchLoginHistory(signal),
  });
}

/** Signs one session out, or every other one (`id` null); then the list is asked again. */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null ? revokeOtherSessions() : revokeSession(id).then(() => 1),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}
