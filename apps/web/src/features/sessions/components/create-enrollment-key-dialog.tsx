import { type CreatedEnrollmentKey, ENROLLMENT_LIMITS } from '@railserve/protocol';
import { Alert, Flex, Form, Input, InputNumber, Modal, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { useCreateEnrollmentKey } from '../api/enrollment-keys.ts';

type Values = { uses: number; expiresInMinutes: number; serials?: string };

/**
 * Makes an enrollment key for a session and shows it once, as text and as a QR code to scan at
 * installation; closing the dialog forgets it (the server keeps only its hash).
 */
export function CreateEnrollmentKeyDialog({
  sessionId,
  open,
  onClose,
}: {
  sessionId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateEnrollmentKey();
  const [created, setCreated] = useState<CreatedEnrollmentKey | null>(null);
  const close = () => {
    setCreated(null);
    create.reset();
    form.resetFields();
    onClose();
  };
  const submit = (values: Values) => {
    const serials = values.serials
      ?.split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    create.mutate(
      { sessionId, uses: values.uses, expiresInMinutes: values.expiresInMinutes, ...(serials?.length ? { serials } : {}) },
      { onSuccess: setCreated },
    );
  };

  return (
    <Modal
      open={open}
      title={t('sessions.enrollmentKeys.create')}
      onCancel={close}
      onOk={created ? close : () => form.submit()}
      okText={created ? t('sessions.enrollmentKeys.done') : t('sessions.enrollmentKeys.create')}
      cancelButtonProps={{ style: created ? { display: 'none' } : undefined }}
      confirmLoading={create.isPending}
      destroyOnHidden
      data-testid="enrollment-key-dialog"
    >
      {created ? (
        <Flex vertical gap={12} align="center">
          <Alert type="warning" showIcon title={t('sessions.enrollmentKeys.shownOnce')} />
          <QRCode value={created.key} data-testid="enrollment-key-qr" />
          <Typography.Text code copyable data-testid="enrollment-key-text">
            {created.key}
          </Typography.Text>
        </Flex>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ uses: 10, expiresInMinutes: 1440 }} onFinish={submit}>
          {create.isError ? (
            <Alert type="error" showIcon title={actionFailed(t, t('sessions.enrollmentKeys.create'), create.error)} />
          ) : null}
          <Form.Item name="uses" label={t('sessions.enrollmentKeys.uses')} rules={[{ required: true }]}>
            <InputNumber min={1} max={ENROLLMENT_LIMITS.usesMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="expiresInMinutes" label={t('sessions.enrollmentKeys.expiresInMinutes')} rules={[{ required: true }]}>
            <InputNumber min={1} max={ENROLLMENT_LIMITS.expiresInMinutesMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="serials" label={t('sessions.enrollmentKeys.serials')} extra={t('sessions.enrollmentKeys.serialsHelp')}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
