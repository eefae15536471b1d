import {
  checkVersion,
  SN_PATTERN,
  UPDATE_DEVICE_TYPES,
  UPDATE_LIMITS,
  UPDATE_STATUSES,
  type UpdateDeviceType,
  type UpdateRecord,
  type UpdateStatus,
} from '@railserve/protocol';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { useUpdateFiles } from '../api/update-files.ts';
import { useCreateUpdateRecord, useEditUpdateRecord } from '../api/update-records.ts';

type RecordForm = { deviceType: UpdateDeviceType; fileId: number; version: string; deviceSerial: string; status?: UpdateStatus };
type Editing = { mode: 'create' } | { mode: 'edit'; record: UpdateRecord } | null;

/** Creates or edits an update record; the version follows the chosen file and obeys the version rule. */
export function UpdateRecordDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RecordForm>();
  const files = useUpdateFiles();
  const create = useCreateUpdateRecord();
  const edit = useEditUpdateRecord();

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'edit') {
      const { deviceType, fileId, version, deviceSerial, status } = editing.record;
      form.setFieldsValue({ deviceType, fileId, version, deviceSerial, status });
    } else form.setFieldsValue({ deviceType: 'robot' });
  }, [editing, form]);

  const action = editing?.mode === 'edit' ? t('common.actions.save') : t('updates.records.create');
  const onOk = async () => {
    const values = await form.validateFields();
    try {
      if (editing?.mode === 'edit') await edit.mutateAsync({ id: editing.record.id, body: values });
      else await create.mutateAsync({ ...values, status: undefined } as Omit<RecordForm, 'status'>);
      void message.success(editing?.mode === 'edit' ? t('common.saved') : t('common.created'));
      onClose();
    } catch (error) {
      void message.error(actionFailed(t, action, error));
    }
  };

  return (
    <Modal
      open={!!editing}
      title={editing?.mode === 'edit' ? t('updates.records.edit') : t('updates.records.create')}
      okText={action}
      cancelText={t('common.actions.cancel')}
      confirmLoading={create.isPending || edit.isPending}
      onOk={onOk}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="update-record">
        <Form.Item
          name="deviceType"
          label={t('updates.fields.deviceType')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select options={UPDATE_DEVICE_TYPES.map((v) => ({ value: v, label: t(`updates.deviceTypes.${v}`) }))} />
        </Form.Item>
        <Form.Item
          name="fileId"
          label={t('updates.fields.filename')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={files.isPending}
            onChange={(id: number) => {
              const file = files.data?.items.find((f) => f.id === id);
              if (file) form.setFieldValue('version', file.version);
            }}
            options={(files.data?.items ?? []).map((f) => ({ value: f.id, label: f.filename }))}
            data-testid="record-file"
          />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('updates.fields.version')}
          rules={[
            { required: true, message: t('validation.required') },
            {
              validator: async (_, v: string) =>
                v && checkVersion(v) ? Promise.reject(new Error(t('errors.invalid_version_number'))) : undefined,
            },
          ]}
        >
          <Input placeholder="1.0.0" />
        </Form.Item>
        <Form.Item
          name="deviceSerial"
          label={t('updates.fields.deviceSerial')}
          rules={[
            { required: true, message: t('validation.required') },
            { max: UPDATE_LIMITS.serialMax, message: t('validation.too_long', { max: UPDATE_LIMITS.serialMax }) },
            { pattern: SN_PATTERN, message: t('updates.records.serialFormat') },
          ]}
        >
          <Input data-testid="record-serial" />
        </Form.Item>
        {editing?.mode === 'edit' ? (
          <Form.Item name="status" label={t('updates.fields.status')}>
            <Select options={UPDATE_STATUSES.map((v) => ({ value: v, label: t(`updates.status.${v}`) }))} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
