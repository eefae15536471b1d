import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ValuesDiff } from './values-diff.tsx';

describe('values diff', () => {
  it("reads a user's permission as its level and role, other numbers as they are", () => {
    render(<ValuesDiff target="users/5" oldValues={{ permission: 3, id: 5 }} newValues={{ permission: 2, id: 5 }} />);
    const row = screen.getByTestId('audit-diff-row-permission');
    expect(row.textContent).toContain('等級 3・一般使用者');
    expect(row.textContent).toContain('等級 2・進階使用者');
    expect(screen.getByTestId('audit-diff-row-id').textContent).toContain('5');
  });
});
