import { MAINTENANCE_MAX_DAYS, MAINTENANCE_REASON_MAX } from '@railserve/protocol';
import { Alert, App, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { type Choice, useAlarmRobotChoices } from '../api/alarm-choices.ts';
import { useCreateMaintenance } from '../api/maintenance.ts';

type Values = { kind: 'robot' | 'track'; robotSn?: string; trackId?: number; until?: Dayjs; reason?: string };

/** Opens a maintenance window: a robot or a track, until a time within MAINTENANCE_MAX_DAYS. */
export function MaintenanceForm({ trackChoices, onClose }: { trackChoices: Choice<number>[] | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [kind, setKind] = useState<Values['kind']>('robot');
  const robots = useAlarmRobotChoices();
  const create = useCreateMaintenance();
  const [failure, setFailure] = useState<string>();
  const submit = (values: Values) => {
    setFailure(undefined);
    create.mutate(
      {
        ...(values.kind === 'robot' ? { robotSn: values.robotSn } : { trackId: values.trackId }),
        until: values.until!.toISOString(),
        ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
      },
      {
        onSuccess: () => {
          void message.success(t('alarm-ops.maintenance.created'));
          onClose();
        },
        onError: (error) => setFailure(errorText(t, error)),
      },
    );
  };
  const latest = dayjs().add(MAINTENANCE_MAX_DAYS, 'day');
  return (
    <Modal
      open
      title={t('alarm-ops.maintenance.new')}
      okText={t('alarm-ops.maintenance.start')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'robot' }}
        onFinish={submit}
        data-testid="maintenance-form"
      >
        <Form.Item name="kind" label={t('alarm-ops.maintenance.target')}>
          <Radio.Group
            onChange={(e) => setKind(e.target.value)}
            options={[
              { value: 'robot', label: t('alarms.fields.robot') },
              { value: 'track', label: t('alarms.fields.track') },
            ]}
          />
        </Form.Item>
        {kind === 'robot' ? (
          <Form.Item
            name="robotSn"
            label={t('alarms.fields.robot')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} options={robots.data} data-testid="maintenance-robot" />
          </Form.Item>
        ) : (
          <Form.Item
            name="trackId"
            label={t('alarms.fields.track')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} options={trackChoices} data-testid="maintenance-track" />
          </Form.Item>
        )}
        <Form.Item
          name="until"
          label={t('alarm-ops.maintenance.until')}
          extra={t('alarm-ops.maintenance.untilHelp', { days: MAINTENANCE_MAX_DAYS })}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(day) => day.isBefore(dayjs(), 'day') || day.isAfter(latest)}
            style={{ width: '100%' }}
            data-testid="maintenance-until"
          />
        </Form.Item>
        <Form.Item name="reason" label={t('alarm-ops.maintenance.reason')}>
          <Input maxLength={MAINTENANCE_REASON_MAX} data-testid="maintenance-reason" />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} data-testid="maintenance-error" /> : null}
      </Form>
    </Modal>
  );
}
