import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** A disabled control with its reason in a tooltip (a disabled select takes no pointer events itself). */
export function WhyDisabled({ reason, testId, children }: { reason: string | undefined; testId: string; children: ReactNode }) {
  return (
    <Tooltip title={reason}>
      <span style={{ display: 'inline-block', cursor: reason ? 'not-allowed' : undefined }} data-testid={testId}>
        {children}
      </span>
    </Tooltip>
  );
}
