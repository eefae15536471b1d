import type { TableLayoutIssues } from '@railserve/protocol';
import { Alert, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Which tables of the map are on no page, and which cells name no table point. */
export function LayoutIssues({ issues }: { issues: TableLayoutIssues }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }} data-testid="layout-issues">
      {issues.duplicates.length ? (
        <Alert
          type="error"
          showIcon
          title={t('tables.duplicate', { names: issues.duplicates.join(t('tables.listSeparator')) })}
        />
      ) : null}
      {issues.unknown.length ? (
        <div data-testid="unknown-cells">
          <Typography.Text type="warning">{t('tables.unknown')}</Typography.Text>{' '}
          {issues.unknown.map((name) => (
            <Tag color="orange" key={name}>
              {name}
            </Tag>
          ))}
        </div>
      ) : null}
      <div data-testid="unplaced-tables">
        {issues.unplaced.length ? (
          <>
            <Typography.Text type="secondary">{t('tables.unplaced', { count: issues.unplaced.length })}</Typography.Text>{' '}
            {issues.unplaced.map((name) => (
              <Tag key={name}>{name}</Tag>
            ))}
          </>
        ) : (
          <Typography.Text type="success">{t('tables.allPlaced')}</Typography.Text>
        )}
      </div>
    </Flex>
  );
}
