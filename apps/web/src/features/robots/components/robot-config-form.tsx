import type { RobotConfigGroup } from '@railserve/protocol';
import { Alert, App, Button, Col, Flex, Form, Input, InputNumber, Row, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/labels.ts';
import { useRobotConfig, useWriteRobotConfig } from '../api/robot-config.ts';
import { CONFIG_FIELDS, type ConfigField, rangeOf } from '../hooks/config-fields.ts';
import { configErrorText, configFieldRule, groupErrors } from '../hooks/config-rules.ts';
import { type CommandState, useAnnounceOutcome } from '../hooks/use-robot-command.ts';
import { CommandStatusTag } from './command-status-tag.tsx';

type RobotConfigFormProps = { sn: string; group: RobotConfigGroup; canApply: boolean; disabled: boolean };

/** The input of one field; Form.Item hands it `value` and `onChange`, which it passes on. */
function FieldControl({ field, ...control }: { field: ConfigField; value?: unknown; onChange?: (value: unknown) => void }) {
  const unit = rangeOf(field.name)?.unit;
  const props = control as Record<string, unknown>;
  if (field.kind === 'number') return <InputNumber<number> {...props} style={{ width: '100%' }} suffix={unit || undefined} />;
  if (field.kind === 'password') return <Input.Password {...props} autoComplete="new-password" />;
  if (field.kind === 'ip') return <Input {...props} placeholder="192.168.1.10" autoComplete="off" />;
  return <Input {...props} autoComplete="off" />;
}

/**
 * One settings group: the values the robot last reported, each field checked with the protocol
 * schema and its valid range shown; Apply sends the whole group and shows the robot's answer.
 */
export function RobotConfigForm({ sn, group, canApply, disabled }: RobotConfigFormProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const config = useRobotConfig(sn, group);
  const write = useWriteRobotConfig();
  const announce = useAnnounceOutcome();
  const [outcome, setOutcome] = useState<CommandState>();
  const fields = CONFIG_FIELDS[group];
  const notReported = isApiError(config.error) && config.error.status === 404;
  const label = `${t('robots.commands.config')} · ${t(`robots.tabs.${group}`)}`;

  if (config.isPending) return <Skeleton active />;
  if (config.isError && !notReported) {
    return <Alert type="error" showIcon title={actionFailed(t, t('robots.actions.load'), config.error)} />;
  }
  const switchesOff = Object.fromEntries(fields.filter((f) => f.kind === 'switch').map((f) => [f.name, false]));

  const onFinish = async (values: Record<string, unknown>) => {
    // A cleared number field is null in the form and missing to the schema ("required", not "not a number").
    const entered = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? undefined]));
    const { data, errors } = groupErrors(t, group, entered);
    if (!data) return form.setFields(errors);
    setOutcome({ status: 'sent' });
    try {
      const record = await write.mutateAsync({ sn, group, data });
      setOutcome(record);
      announce(record, label);
    } catch (error) {
      setOutcome(undefined);
      if (isApiError(error)) {
        const details = error.validationDetails.filter((d) => d.path.length > 1);
        form.setFields(
          details.map((d) => ({ name: String(d.path[1]), errors: [configErrorText(t, String(d.path[1]), d.message)] })),
        );
      }
      void message.error(actionFailed(t, label, error));
    }
  };

  return (
    <Form
      key={config.data?.reportedAt ?? 'not-reported'}
      form={form}
      layout="vertical"
      disabled={!canApply}
      initialValues={config.data?.data ?? switchesOff}
      onFinish={onFinish}
      data-testid={`robot-config-${group}`}
    >
      {notReported ? <Alert type="info" showIcon title={t('robots.config.notReported')} style={{ marginBottom: 16 }} /> : null}
      {!canApply ? <Alert type="info" showIcon title={t('robots.settings.readOnly')} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={16}>
        {fields.map((field) => {
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
      <Flex align="center" gap={8} wrap>
        {canApply ? (
          <Button
            type="primary"
            htmlType="submit"
            disabled={disabled}
            loading={outcome?.status === 'sent'}
            data-testid={`robot-config-apply-${group}`}
          >
            {t('robots.actions.apply')}
          </Button>
        ) : null}
        {outcome ? <CommandStatusTag status={outcome.status} testId={`robot-config-state-${group}`} /> : null}
        {outcome?.error ? <Typography.Text type="danger">{outcome.error}</Typography.Text> : null}
        {config.data ? (
          <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }}>
            {t('robots.config.reportedAt', { time: formatDateTime(config.data.reportedAt, i18n.language) })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Form>
  );
}
