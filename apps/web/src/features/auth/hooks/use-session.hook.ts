import type { SessionUserView } from '@atrium/contracts';
import { useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../auth.slice';

/** The signed-in user; only call inside private routes (PrivateRoute renders nothing until it is known). */
export function useSessionUser(): SessionUserView {
  const user = useAppSelector(selectCurrentUser);
  if (!user) throw new Error('useSessionUser used outside a private route');
  return user;
}

/** The company's campaigns switch (setting campaignsEnabled), mirrored in the `cshow` storage flag. */
export function campaignsEnabledOf(user: Pick<SessionUserView, 'company'>): boolean {
  return user.company.settings.some((setting) => setting.key === 'campaignsEnabled' && setting.value === 'true');
}
