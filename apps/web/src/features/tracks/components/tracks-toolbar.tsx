import { TRACK_TYPES } from '@railserve/protocol';
import { useTranslation } from 'react-i18next';
import { ListCreateButton, ListFilter, ListSearch, ListToolbar } from '../../../components/ui/list-toolbar.tsx';
import { STATUS_CODES, statusLabelKey } from '../../../lib/track-labels.ts';
import type { TrackListParams } from '../api/track-keys.ts';

type TracksToolbarProps = { params: TrackListParams; onChange: (patch: Partial<TrackListParams>) => void; canCreate: boolean };

export function TracksToolbar({ params, onChange, canCreate }: TracksToolbarProps) {
  const { t } = useTranslation();
  return (
    <ListToolbar>
      <ListSearch
        value={params.q}
        placeholder={t('tracks.filters.search')}
        onSearch={(q) => onChange({ q })}
        testId="tracks-search"
      />
      <ListFilter
        value={params.type}
        options={TRACK_TYPES}
        label={(type) => t(`tracks.types.${type}`)}
        placeholder={t('tracks.filters.type')}
        onChange={(type) => onChange({ type })}
        width={180}
        testId="tracks-filter-type"
      />
      <ListFilter
        value={params.statusCode}
        options={STATUS_CODES}
        label={(code) => t(statusLabelKey(code))}
        placeholder={t('tracks.filters.status')}
        onChange={(statusCode) => onChange({ statusCode })}
        width={160}
        testId="tracks-filter-status"
      />
      <ListCreateButton to="/tracks/create" label={t('routes.tracks.create')} allowed={canCreate} testId="tracks-create" />
    </ListToolbar>
  );
}
