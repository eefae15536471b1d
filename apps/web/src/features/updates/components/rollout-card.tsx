import { RocketOutlined } from '@ant-design/icons';
import type { RolloutScope } from '@railserve/protocol';
import { App, Button, Card, Form, InputNumber, Popconfirm, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { useScopeChoices, useStartRollout } from '../api/rollouts.ts';
import { useUpdateFiles } from '../api/update-files.ts';
import { RolloutList } from './rollout-list.tsx';

type ScopeKind = RolloutScope['kind'];
type RolloutForm = { fileId: number; kind: ScopeKind; target?: string | number; firstGroupSize: number };

function scopeOf(values: RolloutForm): RolloutScope {
  if (values.kind === 'robot') return { kind: 'robot', sn: String(values.target) };
  if (values.kind === 'track') return { kind: 'track', trackId: Number(values.target) };
  if (values.kind === 'session') return { kind: 'session', sessionId: Number(values.target) };
  return { kind: 'all' };
}

/**
 * Staged rollout (beyond the spec): a file to one robot, a track's, a session's or all robots;
 * a first group of a chosen size, the rest only once all of it updated; a busy robot is asked
 * again until its deadline, the first failure stops it, and a stopped rollout can be resumed.
 */
export function RolloutCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RolloutForm>();
  const kind = Form.useWatch('kind', form) ?? 'all';
  const files = useUpdateFiles();
  const choices = useScopeChoices();
  const start = useStartRollout();

  const targets: { value: string | number; label: string }[] =
    kind === 'robot'
      ? (choices.data?.robots ?? []).map((r) => ({
          value: r.sn,
          label: r.name && r.name !== r.sn ? `${r.name} (${r.sn})` : r.sn,
        }))
      : kind === 'track'
        ? (choices.data?.tracks ?? []).map((tr) => ({ value: tr.id, label: tr.name }))
        : (choices.data?.sessions ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }));

  const onStart = async () => {
    const values = await form.validateFields();
    try {
      await start.mutateAsync({ fileId: values.fileId, scope: scopeOf(values), firstGroupSize: values.firstGroupSize });
      void message.success(t('updates.rollout.started'));
    } catch (error) {
      void message.error(actionFailed(t, t('updates.rollout.start'), error));
    }
  };
  const required = [{ required: true, message: t('validation.required') }];

  return (
    <Card title={t('updates.rollout.title')} data-testid="rollout-card">
      <Form
        form={form}
        layout="inline"
        initialValues={{ kind: 'all', firstGroupSize: 1 }}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="fileId" label={t('updates.fields.filename')} rules={required}>
          <Select
            style={{ width: 220 }}
            options={(files.data?.items ?? []).map((f) => ({ value: f.id, label: f.filename }))}
            data-testid="rollout-file"
          />
        </Form.Item>
        <Form.Item name="kind" label={t('updates.rollout.scope')}>
          <Radio.Group
            optionType="button"
            onChange={() => form.setFieldValue('target', undefined)}
            options={(['robot', 'track', 'session', 'all'] as const).map((v) => ({
              value: v,
              label: t(`updates.rollout.scopes.${v}`),
            }))}
          />
        </Form.Item>
        {kind !== 'all' ? (
          <Form.Item name="target" rules={required}>
            <Select
              style={{ width: 200 }}
              showSearch
              optionFilterProp="label"
              options={targets}
              loading={choices.isPending}
              data-testid="rollout-target"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="firstGroupSize" label={t('updates.rollout.firstGroup')} rules={required}>
          <InputNumber min={1} max={500} precision={0} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item>
          <Popconfirm
            title={t('updates.rollout.confirm')}
            okText={t('common.actions.confirm')}
            cancelText={t('common.actions.cancel')}
            onConfirm={onStart}
          >
            <Button type="primary" icon={<RocketOutlined />} loading={start.isPending} data-testid="start-rollout">
              {t('updates.rollout.start')}
            </Button>
          </Popconfirm>
        </Form.Item>
      </Form>
      <RolloutList />
    </Card>
  );
}
