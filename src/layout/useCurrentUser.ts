import { useQuery } from '@tanstack/react-query';
import { currentUser, currentUserKey, type CurrentUser } from '../providers/authProvider';
import { session } from '../providers/session';

/** The signed-in user with permissions, roles and buildings; undefined while it loads. */
export function useCurrentUser(): CurrentUser | undefined {
  const { data } = useQuery({
    queryKey: currentUserKey(session.token()),
    queryFn: currentUser,
    enabled: Boolean(session.token()),
    staleTime: 60_000,
  });
  return data;
}
