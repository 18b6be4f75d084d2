import { useMemo } from 'react';
import { canAccess } from '../../../routes/access';
import { ROUTES, type AppRoute } from '../../../routes/route-table';
import { campaignsEnabledOf, useSessionUser } from '../../auth/hooks/use-session.hook';

/** The drawer items this user may see, split into the main list and the administration section. */
export function useMenuRoutes(): { main: AppRoute[]; admin: AppRoute[] } {
  const user = useSessionUser();
  return useMemo(() => {
    const context = { campaignsEnabled: campaignsEnabledOf(user) };
    const visible = ROUTES.filter((route) => route.menu && canAccess(route, user, context));
    return { main: visible.filter((route) => route.section === 'main'), admin: visible.filter((route) => route.section === 'admin') };
  }, [user]);
}
