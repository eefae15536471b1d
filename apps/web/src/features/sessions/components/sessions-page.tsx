import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mayDo, mayOpen } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useSessions } from '../api/list-sessions.ts';
import { useSessionListParams } from '../hooks/use-session-list-params.ts';
import { SessionsTable } from './sessions-table.tsx';

/** /sessions: search by code, name or MAC address; the assigned tracks shown by name. */
export function SessionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="page-title">
        {t('routes.sessions.list')}
      </Typography.Title>
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          key={params.q ?? ''}
          defaultValue={params.q}
          placeholder={t('sessions.filters.search')}
          aria-label={t('sessions.filters.search')}
          allowClear
          onSearch={(q) => setParams({ q: q.trim() || undefined })}
          style={{ width: 300, maxWidth: '100%' }}
          data-testid="sessions-search"
        />
        {canWrite && mayOpen(me, 'sessions.create') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/sessions/create')}
            style={{ marginInlineStart: 'auto' }}
            data-testid="sessions-create"
          >
            {t('routes.sessions.create')}
          </Button>
        ) : null}
      </Flex>
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
