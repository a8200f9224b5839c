import type { Session } from '@console/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { sessionQuery } from '../../../shared/session/session.ts';
import { safeLocalPath } from '../navigation.ts';

/** After a sign-in: forget the previous user's data, keep the new session, go where the API said. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (session: Session, target: string) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public' });
      queryClient.setQueryData(sessionQuery().queryKey, { session });
      await navigate(safeLocalPath(target) ?? '/', { replace: true });
    },
    [queryClient, navigate],
  );
}
