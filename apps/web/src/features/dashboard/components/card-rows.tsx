import type { ReactNode } from 'react';

/** The rows of a dashboard card (the robots needing attention, the tracks): a plain list, one line between rows. */
export function CardRows({ children }: { children: ReactNode }) {
  return <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{children}</ul>;
}

/** One row: what it names on the left, its tags on the right (below it when the card is narrow). */
export function CardRow({ testId, first, children }: { testId: string; first: boolean; children: ReactNode }) {
  return (
    <li
      data-testid={testId}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: 8,
        padding: '8px 0',
        borderTop: first ? undefined : '1px solid rgba(5, 5, 5, 0.06)',
      }}
    >
      {children}
    </li>
  );
}
