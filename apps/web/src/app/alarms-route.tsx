import type { Alarm } from '@railserve/protocol';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlarmReportPage } from '../features/alarms/components/alarm-report-page.tsx';
import { AlarmsPage } from '../features/alarms/components/alarms-page.tsx';
import { AlarmDrawerExtras } from './alarm-drawer-extras.tsx';

const VIEWS = ['list', 'report'] as const;
type View = (typeof VIEWS)[number];

const drawerExtra = (alarm: Alarm) => <AlarmDrawerExtras alarm={alarm} />;

/**
 * /alarms: the alarm center's list (`?view=` unset) and its report (`?view=report`), and the
 * drawer's parts of other features (robot, map, logs), composed here because features do not import each other.
 */
export function AlarmsRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const view: View = search.get('view') === 'report' ? 'report' : 'list';
  const tabs = (
    <Tabs
      activeKey={view}
      onChange={(key) => setSearch(key === 'report' ? { view: 'report' } : {}, { replace: false })}
      items={VIEWS.map((key) => ({ key, label: t(`alarm-report.tabs.${key}`) }))}
      data-testid="alarms-views"
    />
  );
  return view === 'report' ? <AlarmReportPage header={tabs} /> : <AlarmsPage header={tabs} drawerExtra={drawerExtra} />;
}
