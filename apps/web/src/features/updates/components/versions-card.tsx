import type { SiteVersions } from '@railserve/protocol';
import { Alert, Card, Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useSystemVersions } from '../api/system-control.ts';

const FRONTEND_VERSION: string | undefined = import.meta.env.VITE_APP_VERSION;

/** Frontend and backend from their builds; each session's on-site server and ordering tablet as they last reported. */
export function VersionsCard() {
  const { t } = useTranslation();
  const versions = useSystemVersions();
  const time = formatDateTime;
  const reported = (value: SiteVersions['tablet']) =>
    value ? (
      <span>
        {value.version}{' '}
        <Typography.Text type="secondary">({t('updates.versions.reportedAt', { time: time(value.reportedAt) })})</Typography.Text>
      </span>
    ) : (
      <Typography.Text type="secondary">{t('updates.versions.notReported')}</Typography.Text>
    );
  return (
    <Card title={t('updates.versions.title')} data-testid="versions-card" style={{ height: '100%' }}>
      {versions.isError ? (
        <Alert type="error" showIcon title={actionFailed(t, t('updates.actions.loadVersions'), versions.error)} />
      ) : null}
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'frontend', label: t('updates.versions.frontend'), children: FRONTEND_VERSION ?? '-' },
          {
            key: 'backend',
            label: t('updates.versions.backend'),
            children: versions.data ? (
              <span data-testid="backend-version">
                {versions.data.backend.version}{' '}
                <Typography.Text type="secondary">
                  ({t('updates.versions.startedAt', { time: time(versions.data.backend.startedAt) })})
                </Typography.Text>
              </span>
            ) : (
              '-'
            ),
          },
        ]}
      />
      <Table<SiteVersions>
        size="small"
        rowKey="sessionCode"
        pagination={false}
        loading={versions.isPending}
        dataSource={versions.data?.sites ?? []}
        locale={{ emptyText: t('updates.versions.noSites') }}
        style={{ marginTop: 12 }}
        columns={[
          {
            key: 'session',
            title: t('updates.versions.session'),
            render: (_, site) => (site.sessionName ? `${site.sessionName} (${site.sessionCode})` : site.sessionCode),
          },
          { key: 'server', title: t('updates.versions.siteServer'), render: (_, site) => reported(site.site_server) },
          { key: 'tablet', title: t('updates.versions.tablet'), render: (_, site) => reported(site.tablet) },
        ]}
      />
    </Card>
  );
}
