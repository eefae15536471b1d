import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { levelsText, readDenial, screenLevels } from '../lib/access.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { roleLabelKey } from '../lib/labels.ts';

/**
 * Above the page a guard sent the user to instead of the one asked for: which page was refused,
 * the levels it needs and the user's own. Closing it clears the reason from the history entry.
 */
export function DeniedNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const denial = readDenial(location.state);
  if (!denial || !user) return null;
  return (
    <Alert
      type="warning"
      showIcon
      closable
      role="alert"
      title={t('layout.denied.title', { page: t(denial.titleKey) })}
      description={t('layout.denied.detail', {
        levels: levelsText(screenLevels(denial.screen)),
        own: t(roleLabelKey(user.permission)),
      })}
      onClose={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
      style={{ marginBottom: 16 }}
      data-testid="access-denied"
    />
  );
}
