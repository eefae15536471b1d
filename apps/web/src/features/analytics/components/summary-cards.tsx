import type { AnalyticsFigures } from '@railserve/protocol';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeOf, formatDuration, formatNumber, formatShare } from '../model/figures.ts';

type CardSpec = {
  id: string;
  value: (f: AnalyticsFigures) => number | null;
  format: (value: number | null, locale: string) => string;
  /** A rise is good news (green) unless this is set. */
  lowerIsBetter?: boolean;
};

const count = (v: number | null, locale: string) => (v === null ? '–' : formatNumber(v, locale));
const CARDS: CardSpec[] = [
  { id: 'deliveries', value: (f) => f.deliveries, format: count },
  { id: 'meanDeliveryTime', value: (f) => f.meanDeliveryMs, format: (v) => formatDuration(v), lowerIsBetter: true },
  { id: 'distance', value: (f) => f.distance, format: count },
  { id: 'utilisation', value: (f) => f.utilisation, format: formatShare },
  { id: 'availability', value: (f) => f.availability, format: formatShare },
  { id: 'aborted', value: (f) => f.aborted, format: count, lowerIsBetter: true },
];

/** The six figures of the period, each with its change against the previous period of the same length. */
export function SummaryCards({
  summary,
  previous,
  loading,
}: {
  summary?: AnalyticsFigures;
  previous?: AnalyticsFigures;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {CARDS.map((card) => {
        const value = summary ? card.value(summary) : null;
        const change = summary && previous ? changeOf(value, card.value(previous)) : null;
        const good = change !== null && change !== 0 && change > 0 !== !!card.lowerIsBetter;
        const signed = change === null ? '' : `${change > 0 ? '+' : ''}${formatShare(change, locale)}`;
        return (
          <Col key={card.id} xs={12} md={8} xl={4}>
            <Card size="small" style={{ height: '100%' }} data-testid={`analytics-card-${card.id}`}>
              <Statistic title={t(`analytics.cards.${card.id}`)} value={card.format(value, locale)} loading={loading} />
              <Typography.Text
                type={change === null || change === 0 ? 'secondary' : good ? 'success' : 'danger'}
                style={{ fontSize: 12 }}
              >
                {change === null ? t('analytics.cards.noChange') : t('analytics.cards.change', { change: signed })}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
