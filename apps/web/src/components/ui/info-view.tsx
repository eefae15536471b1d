import { Button, Descriptions, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date-time.ts';

/** One line of an info view: a label and what is stored, as text (a tag or code where it helps). */
export type InfoItem = { key: string; label: ReactNode; value: ReactNode };

type InfoViewProps = {
  /** The locale area whose `fields.createdAt` and `fields.updatedAt` label the timestamps. */
  area: string;
  entity: { createdAt: string; updatedAt: string };
  items: InfoItem[];
  canEdit: boolean;
  onEdit: () => void;
  onBack: () => void;
  'data-testid'?: string;
};

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/**
 * The read-only view of a stored record (`/sessions/:id/info`, `/tracks/:id/info`,
 * `/users/:id/info`): label and value as text, never a disabled form with required marks, then
 * when it was created and last changed, and the way on (edit when allowed, back). Every info view
 * is this one component, so they read alike.
 */
export function InfoView({ area, entity, items, canEdit, onEdit, onBack, ...rest }: InfoViewProps) {
  const { t } = useTranslation();
  const shown = [
    ...items,
    { key: 'createdAt', label: t(`${area}.fields.createdAt`), value: formatDateTime(entity.createdAt) },
    { key: 'updatedAt', label: t(`${area}.fields.updatedAt`), value: formatDateTime(entity.updatedAt) },
  ];
  return (
    <Flex vertical gap={24} style={{ maxWidth: 720 }} data-testid={rest['data-testid']}>
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: 200 } }}
        items={shown.map((item) => ({
          key: item.key,
          label: item.label,
          children: isEmpty(item.value) ? <span data-empty>{t('common.info.empty')}</span> : item.value,
        }))}
      />
      <Flex gap={8} wrap>
        {canEdit ? (
          <Button type="primary" onClick={onEdit}>
            {t('common.actions.edit')}
          </Button>
        ) : null}
        <Button onClick={onBack}>{t('common.actions.back')}</Button>
      </Flex>
    </Flex>
  );
}

/** A yes/no value in words. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{t(value ? 'common.info.yes' : 'common.info.no')}</>;
}
