import { Button, Card, Flex, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { actionFailed } from '../../lib/errors.ts';
import { PageHeading } from './page-heading.tsx';
import { PageLoading } from './page-loading.tsx';

/** One page in three modes: `/x/create`, `/x/:id/edit` (a form) and the read-only `/x/:id/info` (an `InfoView`). */
export type FormMode = 'create' | 'edit' | 'info';
/** The modes a form is shown in. */
export type EditMode = Exclude<FormMode, 'info'>;

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
        <PageHeading style={{ margin: 0 }}>{title}</PageHeading>
        {extra}
      </Flex>
      {body}
    </Card>
  );
}

type FormActionsProps = { isSaving: boolean; onCancel: () => void; saveTestId: string };

/** The buttons under a create or edit form: save and cancel. (Info views are `InfoView`, not forms.) */
export function FormActions({ isSaving, onCancel, saveTestId }: FormActionsProps) {
  const { t } = useTranslation();
  // `disabled={false}` keeps cancel usable inside a form disabled while it saves.
  return (
    <Flex gap={8} wrap>
      <Button type="primary" htmlType="submit" loading={isSaving} data-testid={saveTestId}>
        {t('common.actions.save')}
      </Button>
      <Button onClick={onCancel} disabled={false}>
        {t('common.actions.cancel')}
      </Button>
    </Flex>
  );
}
