import type { UserStatus } from '@railserve/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleLabelKey, userStatusLabelKey } from '../../../lib/labels.ts';

const ROLE_COLORS = ['red', 'orange', 'blue', 'default'] as const;

export function RoleTag({ permission }: { permission: number }) {
  const { t } = useTranslation();
  return <Tag color={ROLE_COLORS[permission] ?? 'default'}>{t(roleLabelKey(permission))}</Tag>;
}

export function UserStatusTag({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <Tag color={status === 'active' ? 'success' : 'default'}>{t(userStatusLabelKey(status))}</Tag>;
}
