import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MapProblem } from '../../model/problems.ts';

type ProblemsPanelProps = { problems: readonly MapProblem[]; onSelect: (points: number[]) => void };

/** What is inconsistent in the map; each item selects its culprit points. */
export function ProblemsPanel({ problems, onSelect }: ProblemsPanelProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('map-editor.problems.title', { count: problems.length })} data-testid="problems-panel">
      {problems.length === 0 ? (
        <Typography.Text type="success">
          <CheckCircleOutlined /> {t('map-editor.problems.none')}
        </Typography.Text>
      ) : (
        <Flex vertical gap={4} role="list">
          {problems.map((problem) => {
            const text = t(`map-editor.problems.${problem.code}`, {
              ...problem.values,
              points: problem.points.slice(0, 8).join(', ') + (problem.points.length > 8 ? '…' : ''),
              count: problem.points.length,
            });
            const key = `${problem.code}:${problem.points.join(',')}`;
            const icon = <WarningOutlined style={{ color: '#faad14' }} />;
            // A problem of the whole map (no point to select) reads as plain text, not as a button that cannot be pressed.
            if (problem.points.length === 0)
              return (
                <Typography.Text key={key} role="listitem" data-testid="map-problem" style={{ padding: '0 7px' }}>
                  {icon} {text}
                </Typography.Text>
              );
            return (
              <Button
                key={key}
                role="listitem"
                type="text"
                size="small"
                icon={icon}
                data-testid="map-problem"
                style={{ justifyContent: 'flex-start', whiteSpace: 'normal', height: 'auto', textAlign: 'left' }}
                onClick={() => onSelect(problem.points)}
              >
                {text}
              </Button>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}
