import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function PageFailed() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('layout.pageFailed')}
      extra={<Button onClick={() => window.location.reload()}>{t('common.actions.reload')}</Button>}
    />
  );
}

/** Keeps the layout when a page throws or its chunk cannot load; `resetKey` (the path) clears it. */
export class PageErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failedAt: string | null }> {
  state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  componentDidCatch(error: unknown) {
    console.error('Page failed', error);
    this.setState({ failedAt: this.props.resetKey });
  }

  render() {
    const { failedAt } = this.state;
    if (failedAt !== null && (failedAt === '' || failedAt === this.props.resetKey)) return <PageFailed />;
    return this.props.children;
  }
}
