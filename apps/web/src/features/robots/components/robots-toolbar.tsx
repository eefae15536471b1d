import { ReloadOutlined } from '@ant-design/icons';
import { ROBOT_CONNECTIONS, ROBOT_HEALTHS, ROBOT_STATES } from '@railserve/protocol';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListFilter, ListSearch } from '../../../components/ui/list-toolbar.tsx';
import type { RobotFilters } from '../model/robot-filters.ts';

type RobotsToolbarProps = {
  filters: RobotFilters;
  onChange: (patch: Partial<RobotFilters>) => void;
  tracks: string[];
  shown: number;
  total: number;
  onReload: () => void;
  reloading: boolean;
};

/** Search and filters of the robot list; they apply at once to the live list. */
export function RobotsToolbar({ filters, onChange, tracks, shown, total, onReload, reloading }: RobotsToolbarProps) {
  const { t } = useTranslation();
  const select = <T extends string>(
    key: 'connection' | 'health' | 'state' | 'track',
    values: readonly T[],
    label: (v: T) => string,
    width: number,
  ) => (
    <ListFilter<T>
      value={filters[key] as T | undefined}
      options={values}
      label={label}
      placeholder={t(`robots.filters.${key}`)}
      onChange={(value) => onChange({ [key]: value })}
      width={width}
      testId={`robots-filter-${key}`}
    />
  );
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
      <ListSearch
        value={filters.q}
        placeholder={t('robots.filters.search')}
        onSearch={(q) => onChange({ q })}
        testId="robots-search"
      />
      {select('connection', ROBOT_CONNECTIONS, (v) => t(`robots.connections.${v}`), 130)}
      {select('health', ROBOT_HEALTHS, (v) => t(`robots.healths.${v}`), 120)}
      {select('state', ROBOT_STATES, (v) => t(`robots.states.${v}`), 150)}
      {select('track', tracks, (v) => v, 160)}
      <Typography.Text type="secondary" data-testid="robots-count">
        {t('robots.filters.count', { shown, total })}
      </Typography.Text>
      <Button
        icon={<ReloadOutlined />}
        onClick={onReload}
        loading={reloading}
        style={{ marginInlineStart: 'auto' }}
        data-testid="robots-reload"
      >
        {t('robots.actions.refresh')}
      </Button>
    </Flex>
  );
}
