import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteTitleKey } from './page-title.ts';

/** Stands in for a screen a later feature builds: only the route's translated title. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  return (
    <Card>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
        {titleKey ? t(titleKey) : null}
      </Typography.Title>
    </Card>
  );
}
