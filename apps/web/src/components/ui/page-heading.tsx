import { Typography, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The page's one `h1`, drawn at the size of a level-3 title (the header's product name is not a
 * heading). Every screen names itself with it, so screen readers find one top heading per page.
 */
export function PageHeading({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <Typography.Title
      level={1}
      style={{ fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, marginTop: 0, ...style }}
      data-testid="page-title"
    >
      {children}
    </Typography.Title>
  );
}
