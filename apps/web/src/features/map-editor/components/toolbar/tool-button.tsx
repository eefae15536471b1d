import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

type ToolButtonProps = {
  label: string;
  shortcut?: string;
  icon: ReactNode;
  onClick: () => void;
  /** A tool or switch that is on (aria-pressed); undefined for a plain action. */
  pressed?: boolean;
  disabled?: boolean;
  loading?: boolean;
  testId?: string;
};

/** An icon button named for screen readers, with the tool's name and shortcut as its tooltip. */
export function ToolButton({ label, shortcut, icon, onClick, pressed, disabled, loading, testId }: ToolButtonProps) {
  return (
    <Tooltip title={shortcut ? `${label} (${shortcut})` : label}>
      <Button
        aria-label={label}
        aria-pressed={pressed}
        type={pressed ? 'primary' : 'default'}
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        loading={loading}
        data-testid={testId}
      />
    </Tooltip>
  );
}
