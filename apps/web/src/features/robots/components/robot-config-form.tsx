import type { RobotConfigGroup } from '@railserve/protocol';
import { Alert, App, Button, Col, Flex, Form, Input, InputNumber, Row, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { useFormChanges } from '../../../components/ui/unsaved-changes.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { commandFailureText } from '../../../lib/phrases.ts';
import { useRobotConfig, useWriteRobotConfig } from '../api/robot-config.ts';
import { type CommandState, useAnnounceOutcome } from '../hooks/use-robot-command.ts';
import { CONFIG_FIELDS, type ConfigField, rangeOf } from '../model/config-fields.ts';
import { configErrorText, configFieldRule, groupErrors } from '../model/config-rules.ts';
import { CommandStatusTag } from './command-status-tag.tsx';

type RobotConfigFormProps = { sn: string; group: RobotConfigGroup; canApply: boolean; disabled: boolean };

/** The input of one field; Form.Item hands it `value` and `onChange`, which it passes on. */
export function FieldControl({
  field,
  keepPlaceholder,
  ...control
}: {
  field: ConfigField;
  keepPlaceholder?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const symbol = rangeOf(field.name)?.unit;
  // Unit symbols are written the same in both languages, except seconds ("秒" in Chinese).
  const unit = symbol ? t(`common.units.${symbol}`, { defaultValue: symbol }) : undefined;
  const props = control as Record<string, unknown>;
  if (field.kind === 'number') return <InputNumber<number> {...props} style={{ width: '100%' }} suffix={unit} />;
  if (field.kind === 'password')
    return (
      <Input.Password {...props} placeholder={keepPlaceholder} autoComplete="new-password" data-testid={`config-${field.name}`} />
    );
  if (field.kind === 'ip') return <Input {...props} placeholder="192.168.1.10" autoComplete="off" />;
  return <Input {...props} autoComplete="off" />;
}

/**
 * One settings group: the values the robot last reported, each field checked with the protocol
 * schema and its valid range shown; Apply sends the whole group and shows the robot's answer.
 */
export function RobotConfigForm({ sn, group, canApply, disabled }: RobotConfigFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const config = useRobotConfig(sn, group);
  const write = useWriteRobotConfig();
  const announce = useAnnounceOutcome();
  const [outcome, setOutcome] = useState<CommandState>();
  const fields = CONFIG_FIELDS[group];
  const notReported = isApiError(config.error) && config.error.status === 404;
  const label = `${t('robots.commands.config')} · ${t(`robots.tabs.${group}`)}`;
  const switchesOff = Object.fromEntries(fields.filter((f) => f.kind === 'switch').map((f) => [f.name, false]));
  const initialValues: Record<string, unknown> = config.data?.data ?? switchesOff;
  // Values typed and not applied are lost by leaving the page: it asks first.
  const changes = useFormChanges(form, initialValues);

  if (config.isPending) return <Skeleton active />;
  if (config.isError && !notReported) {
    return <Alert type="error" showIcon title={actionFailed(t, t('robots.actions.load'), config.error)} />;
  }

  const onFinish = async (values: Record<string, unknown>) => {
    // A cleared number field is null in the form and missing to the schema ("required", not "not a number").
    const entered = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? undefined]));
    const { data, errors } = groupErrors(t, group, entered);
    if (!data) return form.setFields(errors);
    setOutcome({ status: 'sent' });
    try {
      const record = await write.mutateAsync({ sn, group, data });
      // Applied: what the form holds is the robot's now. Refused or unanswered: still unsaved.
      if (record.status === 'acknowledged') changes.release();
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
      initialValues={initialValues}
      onValuesChange={changes.onValuesChange}
      onFinish={onFinish}
      data-testid={`robot-config-${group}`}
    >
      {notReported ? <Alert type="info" showIcon title={t('robots.config.notReported')} style={{ marginBottom: 16 }} /> : null}
      {!canApply ? <Alert type="info" showIcon title={t('robots.settings.readOnly')} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={16}>
        {fields.map((field) => {
          const range = rangeOf(field.name);
          // Write-only (the WiFi password): never shown, only whether the robot has one; blank keeps it.
          const writeOnly = config.data?.writeOnlySet?.[field.name];
          const hint =
            writeOnly === undefined ? undefined : t(writeOnly ? 'robots.config.writeOnly.set' : 'robots.config.writeOnly.notSet');
          return (
            <Col xs={24} sm={12} key={field.name}>
              <Form.Item
                name={field.name}
                // The range sits in the label, so a field shows one message: its error, or nothing.
                label={
                  range
                    ? t('robots.config.labelWithRange', {
                        label: t(`robots.config.fields.${field.name}`),
                        min: range.min,
                        max: range.max,
                      })
                    : t(`robots.config.fields.${field.name}`)
                }
                extra={hint}
                valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
                rules={[configFieldRule(t, group, field.name)]}
              >
                {field.kind === 'switch' ? (
                  <Switch />
                ) : (
                  <FieldControl field={field} keepPlaceholder={writeOnly ? t('robots.config.writeOnly.keep') : undefined} />
                )}
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Flex
        align="center"
        gap={8}
        wrap
        style={{ position: 'sticky', bottom: -24, background: 'var(--ant-color-bg-elevated, #fff)', padding: '12px 0' }}
      >
        {canApply && group === 'network' ? (
          <ConfirmButton
            type="primary"
            disabled={disabled}
            loading={outcome?.status === 'sent'}
            confirm={t('robots.config.networkConfirm')}
            description={t('robots.config.networkWarning')}
            onConfirm={() => form.submit()}
            data-testid={`robot-config-apply-${group}`}
          >
            {t('robots.actions.apply')}
          </ConfirmButton>
        ) : canApply ? (
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
        {outcome?.error ? <Typography.Text type="danger">{commandFailureText(t, outcome.error)}</Typography.Text> : null}
        {config.data ? (
          <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }}>
            {t('robots.config.reportedAt', { time: formatDateTime(config.data.reportedAt) })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Form>
  );
}
