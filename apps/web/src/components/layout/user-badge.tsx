import { UserOutlined } from '@ant-design/icons';
import type { User } from '@railserve/protocol';
import { Avatar, Flex, Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleLabelKey } from '../../lib/labels.ts';

/** Nickname and role of the signed-in user; on narrow screens an avatar that shows them on tap. */
export function UserBadge({ user, compact }: { user: User; compact: boolean }) {
  const { t } = useTranslation();
  const name = user.nickname || user.username;
  const role = t(roleLabelKey(user.permission));
  const avatar = <Avatar size="small" icon={<UserOutlined />} style={{ flex: 'none' }} />;
  const details = (
    <>
      <Typography.Text strong data-testid="user-nickname" style={{ maxWidth: 160, whiteSpace: 'nowrap' }} ellipsis>
        {name}
      </Typography.Text>
      <Tag color="blue" data-testid="user-role" style={{ marginInlineEnd: 0 }}>
        {role}
      </Tag>
    </>
  );
  if (compact) {
    return (
      <Popover
        trigger="click"
        content={
          <Flex vertical align="flex-start" gap={4}>
            {details}
          </Flex>
        }
      >
        <button type="button" aria-label={t('layout.userMenu')} style={{ all: 'unset', cursor: 'pointer', display: 'flex' }}>
          {avatar}
        </button>
      </Popover>
    );
  }
  return (
    <Flex align="center" gap={8} style={{ lineHeight: 'normal' }}>
      {avatar}
      {details}
    </Flex>
  );
}
