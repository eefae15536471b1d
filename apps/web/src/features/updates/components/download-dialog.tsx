import type { UpdateRecord } from '@railserve/protocol';
import { App, Input, Modal, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { downloadUpdate } from '../api/update-records.ts';

/** Too many wrong codes: the wait the server asks for, in words (429 `too_many_wrong_codes`, details.retryAfterSeconds). */
function tooManyWrongCodes(t: TFunction, error: unknown): Error | undefined {
  if (!isApiError(error) || error.code !== 'too_many_wrong_codes') return undefined;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' ? new Error(t('errors.too_many_wrong_codes_wait', { seconds })) : undefined;
}

/** Asks for the verification code, then downloads the record's file (spec: a download needs the code). */
export function DownloadDialog({ record, onClose }: { record?: UpdateRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setCode('');
    onClose();
  };

  const onOk = async () => {
    if (!record) return;
    const action = t('updates.records.download');
    if (!code.trim()) return void message.error(actionFailed(t, action, new Error(t('errors.no_verification_code'))));
    setBusy(true);
    try {
      await downloadUpdate(record, code.trim());
      close();
    } catch (error) {
      void message.error(actionFailed(t, action, tooManyWrongCodes(t, error) ?? error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!record}
      title={t('updates.records.downloadTitle')}
      okText={t('updates.records.download')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={busy}
      onOk={onOk}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>{record?.filename}</Typography.Paragraph>
      <Input
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onPressEnter={() => void onOk()}
        placeholder={t('updates.fields.verificationCode')}
        aria-label={t('updates.fields.verificationCode')}
        maxLength={64}
        data-testid="download-code"
      />
    </Modal>
  );
}
