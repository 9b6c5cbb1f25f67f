import { useCurrentSeason, useLiveStatus, useSurvivorSummary } from '../api/member';
import { useSession } from '../session/session';

export interface AppLink {
  to: string;
  label: string;
}

/** Whether a path is the admin console's (/admin and /invites, docs/admin-console.md). */
export const isConsolePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/invites' || pathname.startsWith('/invites/');

/**
 * The app's links of docs/product.md#product for the person signed in (or the public ones): the top bar shows them,
 * and on a phone the admin console's one menu carries them too.
 */
export function useAppLinks(): { signedIn: boolean; links: AppLink[] } {
  const { token, user } = useSession();
  const isAdmin = token !== null && user?.role === 'admin';
  // In a season where the commissioner plays, an admin's dashboard is where they make their own picks.
  const commissionerPlays = useCurrentSeason(isAdmin).data?.rules?.commissioner_plays === true;
  // On game days (docs/saturday.md#the-live-board) the bar links the live board; asked every 5 minutes.
  const gameDay = useLiveStatus(token !== null).data?.game_day === true;
  // A current season with a survivor contest links its page.
  const survivor = Boolean(useSurvivorSummary(null, token !== null).data?.contest);
  if (!token) {
    return {
      signedIn: false,
      links: [
        { to: '/login', label: 'Login' },
        { to: '/register', label: 'Register' },
      ],
    };
  }
  return {
    signedIn: true,
    links: [
      { to: '/dashboard', label: isAdmin && commissionerPlays ? 'My picks' : 'Dashboard' },
      { to: '/profile', label: 'Profile' },
      { to: '/results', label: 'Results' },
      ...(survivor ? [{ to: '/survivor', label: 'Survivor' }] : []),
      ...(gameDay ? [{ to: '/live', label: 'Live' }] : []),
      ...(isAdmin
        ? [
            { to: '/admin', label: 'Admin' },
            { to: '/invites', label: 'Invites' },
          ]
        : []),
    ],
  };
}
