import { type Robot, robotName } from '@railserve/protocol';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { actionFailed, validationText } from '../../../lib/errors.ts';
import { schemaError } from '../../../lib/schema-rule.ts';
import { useRenameRobot } from '../api/robot-mutations.ts';

type RenameRobotDialogProps = { robot: Robot | null; onClose: () => void };

/** The robot name edit dialog (spec section 2); the name is required (section 5). */
export function RenameRobotDialog({ robot, onClose }: RenameRobotDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameRobot();

  const onFinish = async ({ name }: { name: string }) => {
    if (!robot) return;
    try {
      await rename.mutateAsync({ sn: robot.sn, name: name.trim() });
      void message.success(t('common.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.validationDetails.length > 0) {
        form.setFields([{ name: 'name', errors: [validationText(t, error.validationDetails[0].message)] }]);
      }
      void message.error(actionFailed(t, t('robots.actions.rename'), error));
    }
  };

  return (
    <Modal
      open={robot !== null}
      title={robot ? t('robots.rename.title', { sn: robot.sn }) : ''}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={rename.isPending}
      destroyOnHidden
    >
      <Form
        key={robot?.sn}
        form={form}
        layout="vertical"
        initialValues={{ name: robot?.name }}
        onFinish={onFinish}
        data-testid="rename-robot-form"
      >
        <Form.Item
          label={t('robots.fields.name')}
          name="name"
          extra={t('robots.rename.hint')}
          rules={[
            {
              validator: async (_rule, value) => {
                const error = schemaError(t, robotName, value);
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input placeholder={t('robots.rename.placeholder')} autoComplete="off" maxLength={64} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
