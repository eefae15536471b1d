import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListCreateButton, ListSearch, ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { mayDo, mayOpen } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useSessions } from '../api/list-sessions.ts';
import { useSessionListParams } from '../hooks/use-session-list-params.ts';
import { SessionsTable } from './sessions-table.tsx';

/** /sessions: search by code, name or MAC address; the assigned tracks shown by name. */
export function SessionsPage() {
  const { t } = useTranslation();
  const { user: me } = useCurrentUser();
  const [params, setParams] = useSessionListParams();
  const sessions = useSessions(params);
  const canWrite = mayDo(me, 'sessions.write');
  const allowed = {
    view: mayOpen(me, 'sessions.info'),
    edit: canWrite && mayOpen(me, 'sessions.edit'),
    delete: mayDo(me, 'sessions.delete'),
  };

  return (
    <Card>
      <PageHeading>{t('routes.sessions.list')}</PageHeading>
      <ListToolbar>
        <ListSearch
          value={params.q}
          placeholder={t('sessions.filters.search')}
          onSearch={(q) => setParams({ q })}
          testId="sessions-search"
        />
        <ListCreateButton
          to="/sessions/create"
          label={t('routes.sessions.create')}
          allowed={canWrite && mayOpen(me, 'sessions.create')}
          testId="sessions-create"
        />
      </ListToolbar>
      {sessions.isError ? (
        <Alert
          type="error"
          showIcon
          title={actionFailed(t, t('sessions.actions.load'), sessions.error)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <SessionsTable
        data={sessions.data}
        loading={sessions.isFetching}
        allowed={allowed}
        onPageChange={(page, pageSize) => setParams({ page, pageSize })}
      />
    </Card>
  );
}
