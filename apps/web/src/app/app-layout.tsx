import { Suspense, useCallback, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { MainLayout } from '../components/layout/main-layout.tsx';
import { PageErrorBoundary } from '../components/ui/page-error-boundary.tsx';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { confirmLeavingUnsaved, UnsavedChangesPrompt } from '../components/ui/unsaved-changes.tsx';
import { AlarmNotices } from '../features/alarm-settings/components/alarm-notices.tsx';
import { AlarmCount } from '../features/alarms/components/alarm-count.tsx';
import { AlarmNotifier } from '../features/alarms/components/alarm-notifier.tsx';
import { mayDo } from '../lib/access.ts';
import { useCurrentUser, useLogout } from '../lib/auth.ts';
import { useBroker } from '../lib/broker/broker-context.tsx';
import { useClientConfig } from '../lib/client-config.ts';
import { DeniedNotice } from './denied-notice.tsx';
import { LOGIN_PATH } from './route-table.tsx';
import { sidebarItems } from './sidebar.ts';

/** The main layout for the signed-in area; its pages load lazily inside it. */
export function AppLayout() {
  const { user } = useCurrentUser();
  const broker = useBroker();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const config = useClientConfig();
  const closeBroker = useCallback(() => {
    broker.disconnect();
    broker.clearMessages();
  }, [broker]);
  const signOut = useLogout(closeBroker);
  const items = useMemo(() => sidebarItems(user), [user]);

  const onLogout = async () => {
    // Signing out leaves the page too: unsaved changes ask first.
    if (!(await confirmLeavingUnsaved())) return;
    await signOut();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <MainLayout
      user={user!}
      sidebarItems={items}
      version={config.data?.version}
      onLogout={onLogout}
      headerStatus={
        mayDo(user, 'alarms.view')
          ? (narrow) => (
              <>
                <AlarmCount compact={narrow} />
                <AlarmNotifier />
              </>
            )
          : undefined
      }
    >
      <DeniedNotice />
      {mayDo(user, 'alarms.settings') ? (
        <AlarmNotices onOpen={() => navigate('/alarms?state=active&acknowledged=false&severity=critical')} />
      ) : null}
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
      <UnsavedChangesPrompt />
    </MainLayout>
  );
}
