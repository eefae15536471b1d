import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BatteryLevel } from './robot-tags.tsx';

describe('battery level', () => {
  it('shows a new level at once, without animating the bar to it', () => {
    const { container, rerender } = render(<BatteryLevel battery={40} />);
    rerender(<BatteryLevel battery={41} />);
    const track = container.querySelector<HTMLElement>('.ant-progress-track');
    expect(track?.style.width).toBe('41%');
    expect(track?.style.transition).toBe('none');
    expect(container.textContent).toContain('41%');
  });
});
