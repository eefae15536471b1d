import type { Screen } from '@railserve/protocol';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { decideRoute, deniedState } from '../lib/access.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { HOME_PATH, LOGIN_PATH } from './route-table.tsx';

// Rarely seen, and heavier than the login route should carry (antd's Result, Typography): loaded when needed.
const ChangePasswordPage = lazy(() =>
  import('../features/auth/components/change-password-page.tsx').then((m) => ({ default: m.ChangePasswordPage })),
);
const SessionError = lazy(() => import('./session-error.tsx').then((m) => ({ default: m.SessionError })));

/** Protected area: without a usable token go to /login; wait for GET /me before showing anything. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { user, token, isLoading, error } = useCurrentUser();
  if (!token) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  if (isLoading) return <PageLoading fullScreen />;
  if (!user) {
    return (
      <Suspense fallback={<PageLoading fullScreen />}>
        <SessionError error={error} />
      </Suspense>
    );
  }
  // A generated password must be replaced before anything else (the server refuses the rest).
  if (user.mustChangePassword)
    return (
      <Suspense fallback={<PageLoading fullScreen />}>
        <ChangePasswordPage />
      </Suspense>
    );
  return children;
}

/**
 * A screen the user's level cannot open sends them to the dashboard (spec section 2), which says
 * why (`DeniedNotice`): the page asked for, the levels it needs and the user's own.
 */
export function RequireScreen({ screen, titleKey, children }: { screen: Screen; titleKey: string; children: ReactNode }) {
  const { user } = useCurrentUser();
  const decision = decideRoute(user, { screen });
  if (decision === 'login') return <Navigate to={LOGIN_PATH} replace />;
  if (decision === 'dashboard') return <Navigate to={HOME_PATH} replace state={deniedState({ screen, titleKey })} />;
  return children;
}

/** /login while signed in goes on to where the user was headed, or the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { token } = useCurrentUser();
  const location = useLocation();
  if (!token) return children;
  const from = (location.state as { from?: string } | null)?.from;
  return <Navigate to={from && from !== LOGIN_PATH ? from : HOME_PATH} replace />;
}
