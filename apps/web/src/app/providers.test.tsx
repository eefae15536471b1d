import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from './providers.tsx';

function Motion() {
  return <span data-testid="motion">{String(theme.useToken().token.motion)}</span>;
}

/** A system that asks for reduced motion, or not. */
function prefersReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('the console theme', () => {
  it.each([
    [false, 'true'],
    [true, 'false'],
  ])('with reduced motion asked for: %s, animates: %s', (reduce, animates) => {
    prefersReducedMotion(reduce);
    render(
      <Providers queryClient={new QueryClient()}>
        <Motion />
      </Providers>,
    );
    expect(screen.getByTestId('motion').textContent).toBe(animates);
  });
});
