import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { mayDo } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { RolloutCard } from './rollout-card.tsx';
import { SystemCommandsCard } from './system-commands-card.tsx';
import { UpdateFilesCard } from './update-files-card.tsx';
import { UpdateRecordsCard } from './update-records-card.tsx';
import { VersionsCard } from './versions-card.tsx';

/**
 * /system-updates: versions, force reload and restart, update files, update records (edit,
 * delete, download with the verification code) and staged rollouts. Level 2 sees and downloads;
 * levels 0-1 also change things (DESIGN 4b).
 */
export function SystemUpdatesPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const canWrite = mayDo(user, 'updates.write');
  const canControl = mayDo(user, 'system.restart');
  return (
    <Flex vertical gap={16}>
      <PageHeading style={{ margin: 0 }}>{t('routes.system.updates')}</PageHeading>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={canControl ? 14 : 24}>
          <VersionsCard />
        </Col>
        {canControl ? (
          <Col xs={24} xl={10}>
            <SystemCommandsCard />
          </Col>
        ) : null}
      </Row>
      <UpdateFilesCard canWrite={canWrite} />
      <UpdateRecordsCard canWrite={canWrite} />
      {canWrite ? <RolloutCard /> : null}
    </Flex>
  );
}
