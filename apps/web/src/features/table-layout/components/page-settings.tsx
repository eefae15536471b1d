import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { MAP_LIMITS } from '@railserve/protocol';
import { Button, Flex, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LayoutPage } from '../model/layout-editing.ts';

type PageSettingsProps = {
  page: LayoutPage;
  index: number;
  count: number;
  onRename: (name: string) => void;
  onResize: (rows: number, columns: number) => void;
  onMove: (to: number) => void;
};

/** Name, rows, columns and position of the page being edited. */
export function PageSettings({ page, index, count, onRename, onResize, onMove }: PageSettingsProps) {
  const { t } = useTranslation();
  const size = (value: number | null, max: number) => Math.min(max, Math.max(1, Math.trunc(value ?? 1)));
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
      <Space>
        <Typography.Text>{t('tables.pageName')}</Typography.Text>
        <Input
          key={`${index}-${page.name ?? ''}`}
          defaultValue={page.name}
          placeholder={t('tables.pageN', { n: index + 1 })}
          maxLength={MAP_LIMITS.nameMax}
          onBlur={(e) => onRename(e.target.value)}
          onPressEnter={(e) => onRename(e.currentTarget.value)}
          style={{ width: 160 }}
          data-testid="page-name"
        />
      </Space>
      <Space>
        <Typography.Text>{t('tables.rows')}</Typography.Text>
        <InputNumber
          min={1}
          max={MAP_LIMITS.rows}
          value={page.rows}
          onChange={(v) => onResize(size(v, MAP_LIMITS.rows), page.columns)}
          data-testid="page-rows"
        />
        <Typography.Text>{t('tables.columns')}</Typography.Text>
        <InputNumber
          min={1}
          max={MAP_LIMITS.columns}
          value={page.columns}
          onChange={(v) => onResize(page.rows, size(v, MAP_LIMITS.columns))}
          data-testid="page-columns"
        />
      </Space>
      <Space.Compact>
        <Button icon={<ArrowLeftOutlined />} disabled={index === 0} onClick={() => onMove(index - 1)}>
          {t('tables.moveLeft')}
        </Button>
        <Button icon={<ArrowRightOutlined />} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          {t('tables.moveRight')}
        </Button>
      </Space.Compact>
    </Flex>
  );
}
