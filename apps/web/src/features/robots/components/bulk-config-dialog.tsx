import { ROBOT_CONFIG_GROUPS, type RobotConfigGroup } from '@railserve/protocol';
import { Alert, Col, Form, Modal, Row, Segmented, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { useRobotConfig, useWriteRobotConfig } from '../api/robot-config.ts';
import type { CommandState } from '../hooks/use-robot-command.ts';
import { CONFIG_FIELDS, rangeOf } from '../model/config-fields.ts';
import { configFieldRule, groupErrors } from '../model/config-rules.ts';
import { CommandStatusTag } from './command-status-tag.tsx';
import { FieldControl } from './robot-config-form.tsx';

type BulkConfigDialogProps = { sns: string[]; open: boolean; connected: boolean; onClose: () => void };

/**
 * One settings group applied to several robots at once: the form starts from the first robot's
 * reported values; each robot gets its own write, tracked until it answers, fails or times out.
 */
export function BulkConfigDialog({ sns, open, connected, onClose }: BulkConfigDialogProps) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<RobotConfigGroup>('basic');
  const [form] = Form.useForm<Record<string, unknown>>();
  const first = useRobotConfig(sns[0] ?? '', group);
  const write = useWriteRobotConfig();
  const [outcomes, setOutcomes] = useState<Record<string, CommandState & { message?: string }>>({});
  const sending = Object.values(outcomes).some((o) => o.status === 'sent');

  const apply = async (values: Record<string, unknown>) => {
    const entered = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? undefined]));
    const { data, errors } = groupErrors(t, group, entered);
    if (!data) return form.setFields(errors);
    setOutcomes(Object.fromEntries(sns.map((sn) => [sn, { status: 'sent' as const }])));
    await Promise.all(
      sns.map(async (sn) => {
        try {
          const record = await write.mutateAsync({ sn, group, data });
          setOutcomes((o) => ({ ...o, [sn]: record }));
        } catch (error) {
          setOutcomes((o) => ({ ...o, [sn]: { status: 'failed', message: errorText(t, error) } }));
        }
      }),
    );
  };

  return (
    <Modal
      open={open}
      title={t('robots.bulk.title', { count: sns.length })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('robots.actions.apply')}
      okButtonProps={{ disabled: !connected || sns.length === 0, loading: sending, ...{ 'data-testid': 'bulk-apply' } }}
      width={760}
      // The fields and outcomes scroll inside the window, so Apply stays in view at 800 px high.
      style={{ top: 24 }}
      styles={{ body: { maxHeight: 'calc(100vh - 180px)', overflowY: 'auto', overflowX: 'hidden' } }}
      destroyOnHidden
      data-testid="bulk-config-dialog"
    >
      {!connected ? <Alert type="warning" showIcon title={t('mqtt.notConnected')} style={{ marginBottom: 12 }} /> : null}
      <Segmented
        value={group}
        onChange={(value) => {
          setGroup(value as RobotConfigGroup);
          setOutcomes({});
        }}
        options={ROBOT_CONFIG_GROUPS.map((g) => ({ value: g, label: t(`robots.tabs.${g}`) }))}
        style={{ marginBottom: 16 }}
        data-testid="bulk-group"
      />
      <Form
        key={`${group}-${first.data?.reportedAt ?? 'none'}`}
        form={form}
        layout="vertical"
        initialValues={first.data?.data}
        onFinish={apply}
        data-testid={`bulk-form-${group}`}
      >
        <Row gutter={16}>
          {CONFIG_FIELDS[group].map((field) => {
            const range = rangeOf(field.name);
            return (
              <Col xs={24} sm={12} key={field.name}>
                <Form.Item
                  name={field.name}
                  label={t(`robots.config.fields.${field.name}`)}
                  extra={range ? t('robots.config.range', { min: range.min, max: range.max }) : undefined}
                  valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
                  rules={[configFieldRule(t, group, field.name)]}
                >
                  {field.kind === 'switch' ? <Switch /> : <FieldControl field={field} />}
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
      <Table
        size="small"
        rowKey="sn"
        pagination={false}
        dataSource={sns.map((sn) => ({ sn, outcome: outcomes[sn] }))}
        columns={[
          { key: 'sn', title: t('robots.fields.sn'), dataIndex: 'sn' },
          {
            key: 'outcome',
            title: t('robots.bulk.outcome'),
            render: (_, { sn, outcome }) =>
              outcome ? (
                <>
                  <CommandStatusTag status={outcome.status} testId={`bulk-outcome-${sn}`} />
                  {outcome.error || outcome.message ? (
                    <Typography.Text type="danger">{outcome.error ?? outcome.message}</Typography.Text>
                  ) : null}
                </>
              ) : (
                <Typography.Text type="secondary">{t('robots.bulk.notSent')}</Typography.Text>
              ),
          },
        ]}
      />
    </Modal>
  );
}
