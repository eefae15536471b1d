import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The row above a list: its search box and filters, with the create button at the far end. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }}>
      {children}
    </Flex>
  );
}

type ListSearchProps = {
  value: string | undefined;
  placeholder: string;
  onSearch: (q: string | undefined) => void;
  testId: string;
};

/** Free-text search: a blank search clears the filter; the box follows the URL's value. */
export function ListSearch({ value, placeholder, onSearch, testId }: ListSearchProps) {
  return (
    <Input.Search
      key={value ?? ''}
      defaultValue={value}
      placeholder={placeholder}
      aria-label={placeholder}
      allowClear
      onSearch={(q) => onSearch(q.trim() || undefined)}
      style={{ width: 260, maxWidth: '100%' }}
      data-testid={testId}
    />
  );
}

/** The create button, shown only to those allowed to create. */
export function ListCreateButton({
  to,
  label,
  allowed,
  testId,
}: {
  to: string;
  label: string;
  allowed: boolean;
  testId: string;
}) {
  const navigate = useNavigate();
  if (!allowed) return null;
  return (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => navigate(to)}
      style={{ marginInlineStart: 'auto' }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

type ListFilterProps<T extends string | number> = {
  value: T | undefined;
  options: readonly T[];
  label: (value: T) => string;
  placeholder: string;
  onChange: (value: T | undefined) => void;
  width: number;
  testId: string;
};

/** One filter of a list: a clearable choice among the field's values. */
export function ListFilter<T extends string | number>({
  value,
  options,
  label,
  placeholder,
  onChange,
  width,
  testId,
}: ListFilterProps<T>) {
  return (
    <Select<T>
      allowClear
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      onChange={(v) => onChange(v)}
      options={options.map((v) => ({ value: v, label: label(v) }))}
      style={{ width }}
      data-testid={testId}
    />
  );
}
