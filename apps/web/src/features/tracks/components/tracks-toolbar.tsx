import { PlusOutlined } from '@ant-design/icons';
import { TRACK_STATUS_CODES, TRACK_TYPES, type TrackType } from '@railserve/protocol';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TrackListParams } from '../api/track-keys.ts';
import { statusLabelKey } from '../hooks/track-labels.ts';

type TracksToolbarProps = { params: TrackListParams; onChange: (patch: Partial<TrackListParams>) => void; canCreate: boolean };

export function TracksToolbar({ params, onChange, canCreate }: TracksToolbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }}>
      <Input.Search
        key={params.q ?? ''}
        defaultValue={params.q}
        placeholder={t('tracks.filters.search')}
        aria-label={t('tracks.filters.search')}
        allowClear
        onSearch={(q) => onChange({ q: q.trim() || undefined })}
        style={{ width: 240, maxWidth: '100%' }}
        data-testid="tracks-search"
      />
      <Select<TrackType>
        allowClear
        placeholder={t('tracks.filters.type')}
        aria-label={t('tracks.filters.type')}
        value={params.type}
        onChange={(type) => onChange({ type })}
        options={TRACK_TYPES.map((type) => ({ value: type, label: t(`tracks.types.${type}`) }))}
        style={{ width: 180 }}
        data-testid="tracks-filter-type"
      />
      <Select<number>
        allowClear
        placeholder={t('tracks.filters.status')}
        aria-label={t('tracks.filters.status')}
        value={params.statusCode}
        onChange={(statusCode) => onChange({ statusCode })}
        options={Object.keys(TRACK_STATUS_CODES).map((code) => ({ value: Number(code), label: t(statusLabelKey(Number(code))) }))}
        style={{ width: 160 }}
        data-testid="tracks-filter-status"
      />
      {canCreate ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate('/tracks/create')}
          style={{ marginInlineStart: 'auto' }}
          data-testid="tracks-create"
        >
          {t('routes.tracks.create')}
        </Button>
      ) : null}
    </Flex>
  );
}
