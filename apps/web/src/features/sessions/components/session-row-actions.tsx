import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { Session } from '@railserve/protocol';
import { useTranslation } from 'react-i18next';
import { RowActions, RowDelete, RowLink, useRowDelete } from '../../../components/ui/row-actions.tsx';
import { useDeleteSession } from '../api/delete-session.ts';

export type SessionRowPermissions = { view: boolean; edit: boolean; delete: boolean };

/** View, edit and delete for one session; what the signed-in level cannot do is not shown. */
export function SessionRowActions({ session, allowed }: { session: Session; allowed: SessionRowPermissions }) {
  const { t } = useTranslation();
  const remove = useDeleteSession();
  const onDelete = useRowDelete(remove, 'sessions.actions.delete');

  return (
    <RowActions>
      {allowed.view ? (
        <RowLink to={`/sessions/${session.id}/info`} icon={<EyeOutlined />}>
          {t('common.actions.view')}
        </RowLink>
      ) : null}
      {allowed.edit ? (
        <RowLink to={`/sessions/${session.id}/edit`} icon={<EditOutlined />}>
          {t('common.actions.edit')}
        </RowLink>
      ) : null}
      {allowed.delete ? (
        <RowDelete
          title={t('sessions.deleteConfirm', { code: session.code })}
          description={session.tracks.length ? t('sessions.deleteFreesTracks', { count: session.tracks.length }) : undefined}
          pending={remove.isPending}
          onConfirm={() => onDelete(session.id)}
          testId="session-delete"
        />
      ) : null}
    </RowActions>
  );
}
