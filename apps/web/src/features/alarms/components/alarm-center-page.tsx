import type { Alarm } from '@railserve/protocol';
import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { AlarmReportPage } from './alarm-report-page.tsx';
import { AlarmsPage } from './alarms-page.tsx';
import { IncidentsView } from './incidents-view.tsx';
import { MaintenancePanel } from './maintenance-panel.tsx';

const VIEWS = ['alarms', 'incidents', 'maintenance', 'report'] as const;
type View = (typeof VIEWS)[number];

/**
 * /alarms: the alarm list (its own page), track incidents, maintenance windows and the report, one
 * tab each (`?view=`). `drawerExtra` is what the alarm's drawer shows of other features (app/).
 */
export function AlarmCenterPage({ drawerExtra }: { drawerExtra?: (alarm: Alarm) => ReactNode }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('view') as View | null;
  const view: View = asked && VIEWS.includes(asked) ? asked : 'alarms';
  const panel = (title: string, body: React.ReactNode) => (
    <Card>
      <PageHeading>{title}</PageHeading>
      {body}
    </Card>
  );
  return (
    <Tabs
      activeKey={view}
      destroyOnHidden
      onChange={(key) => setSearch(key === 'alarms' ? {} : { view: key })}
      tabBarStyle={{ marginBottom: 8 }}
      data-testid="alarm-center-tabs"
      items={[
        { key: 'alarms', label: t('alarm-ops.tabs.alarms'), children: <AlarmsPage drawerExtra={drawerExtra} /> },
        {
          key: 'incidents',
          label: t('alarm-ops.tabs.incidents'),
          children: panel(t('alarm-ops.incidents.title'), <IncidentsView />),
        },
        {
          key: 'maintenance',
          label: t('alarm-ops.tabs.maintenance'),
          children: panel(t('alarm-ops.maintenance.title'), <MaintenancePanel />),
        },
        { key: 'report', label: t('alarm-report.tabs.report'), children: <AlarmReportPage /> },
      ]}
    />
  );
}
