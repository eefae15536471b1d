import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

type Base<T> = { field: string; label: string; value: T | undefined; onChange: (value: T) => void };

/** One of a fixed set of values; "mixed" when the selected points differ. */
export function ChoiceField({
  field,
  label,
  value,
  options,
  onChange,
}: Base<string> & { options: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} htmlFor={`point-${field}`}>
      <Select
        id={`point-${field}`}
        aria-label={label}
        value={value}
        placeholder={t('map-editor.panels.mixed')}
        options={options}
        onChange={onChange}
        data-testid={`point-${field}`}
      />
    </Form.Item>
  );
}

export function SwitchField({ field, label, value, onChange }: Base<boolean>) {
  return (
    <Form.Item label={label} htmlFor={`point-${field}`}>
      <Switch
        id={`point-${field}`}
        aria-label={label}
        checked={value ?? false}
        onChange={onChange}
        data-testid={`point-${field}`}
      />
    </Form.Item>
  );
}

/** A text field checked as the user types; the error shows under it in the reader's language. */
export function TextField({
  field,
  label,
  value,
  onChange,
  error,
  placeholder,
  numeric,
}: Base<string> & { error?: string; placeholder?: string; numeric?: boolean }) {
  return (
    <Form.Item label={label} htmlFor={`point-${field}`} validateStatus={error ? 'error' : undefined} help={error}>
      <Input
        id={`point-${field}`}
        value={value}
        placeholder={placeholder}
        inputMode={numeric ? 'numeric' : undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`point-${field}`}
      />
    </Form.Item>
  );
}
