import { Button, Card, Descriptions, Flex, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { actionFailed } from '../../lib/errors.ts';
import { formatDateTime } from '../../lib/labels.ts';
import { PageLoading } from './page-loading.tsx';

/** One form view in three modes: `/x/create`, `/x/:id/edit` and the read-only `/x/:id/info`. */
export type FormMode = 'create' | 'edit' | 'info';

/** The mode and the id a form route names; `validId` is false for an id that cannot exist. */
export function useFormRoute() {
  const { pathname } = useLocation();
  const { id } = useParams();
  const mode: FormMode = id === undefined ? 'create' : pathname.endsWith('/edit') ? 'edit' : 'info';
  const entityId = id === undefined ? undefined : Number(id);
  const validId = entityId === undefined || (Number.isInteger(entityId) && entityId > 0);
  return { mode, entityId, validId };
}

type EntityQuery<T> = { isPending: boolean; isError: boolean; error: unknown; data?: T };

type EntityFormPageProps<T> = {
  title: ReactNode;
  /** Beside the title, e.g. a link to a related screen. */
  extra?: ReactNode;
  mode: FormMode;
  validId: boolean;
  query: EntityQuery<T>;
  /** The translated name of the load action, for "{action} failed: {error}". */
  loadAction: string;
  children: (entity: T | undefined) => ReactNode;
};

/** The page around an entity form: its title, and the not-found, loading and load-failed states. */
export function EntityFormPage<T>({ title, extra, mode, validId, query, loadAction, children }: EntityFormPageProps<T>) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (!validId) body = <Result status="404" title={t('errors.not_found')} />;
  else if (mode !== 'create' && query.isPending) body = <PageLoading />;
  else if (mode !== 'create' && query.isError)
    body = <Result status="warning" title={actionFailed(t, loadAction, query.error)} />;
  else body = children(query.data);

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {body}
    </Card>
  );
}

/** Created and updated times above a read-only form. */
export function EntityTimestamps({ area, entity }: { area: string; entity: { createdAt: string; updatedAt: string } }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      style={{ marginBottom: 24, maxWidth: 560 }}
      items={[
        { key: 'created', label: t(`${area}.fields.createdAt`), children: formatDateTime(entity.createdAt, i18n.language) },
        { key: 'updated', label: t(`${area}.fields.updatedAt`), children: formatDateTime(entity.updatedAt, i18n.language) },
      ]}
    />
  );
}

type FormActionsProps = {
  readOnly: boolean;
  canEdit: boolean;
  isSaving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  saveTestId: string;
};

/** The buttons under a form: save and cancel while editing; edit (when allowed) and back when read-only. */
export function FormActions({ readOnly, canEdit, isSaving, onEdit, onCancel, saveTestId }: FormActionsProps) {
  const { t } = useTranslation();
  // `disabled={false}` keeps the buttons usable inside a disabled (read-only or saving) form.
  return (
    <Flex gap={8} wrap>
      {readOnly ? (
        canEdit ? (
          <Button type="primary" onClick={onEdit} disabled={false}>
            {t('common.actions.edit')}
          </Button>
        ) : null
      ) : (
        <Button type="primary" htmlType="submit" loading={isSaving} data-testid={saveTestId}>
          {t('common.actions.save')}
        </Button>
      )}
      <Button onClick={onCancel} disabled={false}>
        {readOnly ? t('common.actions.back') : t('common.actions.cancel')}
      </Button>
    </Flex>
  );
}
