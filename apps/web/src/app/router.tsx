import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { loadShownLocale } from '../lib/i18n.ts';
import { DocumentTitle } from './document-title.tsx';
import { PublicOnly, RequireScreen, RequireSignedIn } from './guards.tsx';
import { HOME_PATH, LOGIN_PATH, LOGIN_ROUTE, ROOT_REDIRECT, ROUTES } from './route-table.tsx';

// The layout, the broker client and antd's heavier parts load after sign-in, not with the login page.
// The signed-in screens wait for the rest of the shown language's words.
const SignedInShell = lazy(() =>
  Promise.all([import('./signed-in-shell.tsx'), loadShownLocale()]).then(([m]) => ({ default: m.SignedInShell })),
);

/** Router objects from the route table; exported for tests (createMemoryRouter). */
export function routeObjects(): RouteObject[] {
  const screens: RouteObject[] = ROUTES.map(({ path, titleKey, screen, component: Page }) => ({
    path,
    handle: { titleKey },
    element: (
      <RequireScreen screen={screen} titleKey={titleKey}>
        <Page />
      </RequireScreen>
    ),
  }));
  const { component: LoginPage } = LOGIN_ROUTE;
  return [
    {
      element: <DocumentTitle />,
      children: [
        { path: ROOT_REDIRECT.path, element: <Navigate to={ROOT_REDIRECT.to} replace /> },
        {
          path: LOGIN_ROUTE.path,
          handle: { titleKey: LOGIN_ROUTE.titleKey },
          element: (
            <PublicOnly>
              <Suspense fallback={<PageLoading fullScreen />}>
                <LoginPage />
              </Suspense>
            </PublicOnly>
          ),
        },
        {
          element: (
            <RequireSignedIn>
              <Suspense fallback={<PageLoading fullScreen />}>
                <SignedInShell />
              </Suspense>
            </RequireSignedIn>
          ),
          children: screens,
        },
        { path: '*', element: <Navigate to={HOME_PATH} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(routeObjects());
  // Spec section 8: on a 401 the token is gone (api-client) and the user goes to /login unless there.
  setUnauthorizedHandler(() => {
    if (router.state.location.pathname !== LOGIN_PATH) void router.navigate(LOGIN_PATH, { replace: true });
  });
  return router;
}
