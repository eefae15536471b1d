import { ALARM_NOTIFY_S_MAX, ALARM_NOTIFY_S_MIN, type AlarmSettings } from '@railserve/protocol';
import { Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { settings: AlarmSettings; onChange: (next: AlarmSettings) => void; disabled?: boolean };

const MIN = ALARM_NOTIFY_S_MIN / 60;
const MAX = ALARM_NOTIFY_S_MAX / 60;

/** The escalation times, in whole minutes (stored in seconds). */
export function EscalationFields({ settings, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const minutes = (key: 'escalateAfterS' | 'renotifyAfterS') => (
    <InputNumber
      id={key}
      min={MIN}
      max={MAX}
      precision={0}
      disabled={disabled}
      value={settings[key] / 60}
      suffix={t('alarm-settings.escalation.minutes')}
      style={{ width: 180 }}
      onChange={(value) => {
        if (typeof value === 'number' && value >= MIN && value <= MAX) onChange({ ...settings, [key]: value * 60 });
      }}
    />
  );
  return (
    <Form layout="vertical" component="div">
      <Typography.Paragraph type="secondary">{t('alarm-settings.escalation.intro')}</Typography.Paragraph>
      <Form.Item label={t('alarm-settings.escalation.escalateAfter')} htmlFor="escalateAfterS">
        {minutes('escalateAfterS')}
      </Form.Item>
      <Form.Item label={t('alarm-settings.escalation.renotifyAfter')} htmlFor="renotifyAfterS">
        {minutes('renotifyAfterS')}
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('alarm-settings.escalation.range', { min: MIN, max: MAX })}</Typography.Paragraph>
    </Form>
  );
}
