import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { PUBLIC_PATHS } from '../../../routes/route-table';
import { useLogoutMutation } from '../api/auth.api';
import { sessionEnded } from '../auth.slice';

/** Ends the login on the server (DELETE /auth/logout clears the refresh cookie), then in the tab. */
export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    try {
      await logout().unwrap();
    } catch {
      // the server may already consider the session over; the tab signs out either way
    }
    dispatch(sessionEnded());
    navigate(PUBLIC_PATHS.login, { replace: true });
  }, [dispatch, logout, navigate]);
}
