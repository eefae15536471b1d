import { type FormInstance, Modal } from 'antd';
import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { formChanged, mustConfirmLeaving, unsavedChanges } from '../../lib/unsaved-changes.ts';

/**
 * An editor or form says whether it holds unsaved changes; while one does, leaving the page asks
 * first (`UnsavedChangesPrompt`). Answers `release`: call it right after a save or a discard,
 * before navigating away, so that leaving then does not ask.
 */
export function useUnsavedChanges(dirty: boolean): () => void {
  const id = useId();
  useEffect(() => unsavedChanges.set(id, dirty), [id, dirty]);
  useEffect(() => () => unsavedChanges.set(id, false), [id]);
  return useCallback(() => unsavedChanges.set(id, false), [id]);
}

/**
 * `useUnsavedChanges` for an antd form: changed when a field the person touched differs from the
 * value the form started with. Pass `onValuesChange` to the Form; `release` after a save or a
 * discard (it also forgets the changes, for a form that stays open).
 */
export function useFormChanges<T extends object>(form: FormInstance<T>, initialValues: Partial<T>) {
  const [dirty, setDirty] = useState(false);
  const releaseGuard = useUnsavedChanges(dirty);
  const onValuesChange = (_changed: unknown, all: T) =>
    setDirty(
      formChanged(initialValues as Record<string, unknown>, all as Record<string, unknown>, (field) =>
        form.isFieldTouched(field as never),
      ),
    );
  const release = useCallback(() => {
    setDirty(false);
    releaseGuard();
  }, [releaseGuard]);
  return { dirty, onValuesChange, release };
}

/** Asks before signing out (or any leaving that is not a navigation) while changes are unsaved. */
export const confirmLeavingUnsaved = () => unsavedChanges.ask();

const blockLeaving = ({
  currentLocation,
  nextLocation,
}: {
  currentLocation: { pathname: string };
  nextLocation: { pathname: string };
}) => mustConfirmLeaving(unsavedChanges, currentLocation, nextLocation);

const beforeUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Older browsers show their prompt only when returnValue is set.
  event.returnValue = '';
};

/**
 * The one question before unsaved changes are lost: a link, the sidebar, the browser's back and
 * forward buttons (the router's blocker) and signing out ask with a dialog; closing or reloading
 * the tab with the browser's own prompt. Mounted once where pages are shown (the signed-in
 * layout, the change-password page); a router has one blocker at a time.
 */
export function UnsavedChangesPrompt() {
  const { t } = useTranslation();
  const blocker = useBlocker(blockLeaving);
  const dirty = useSyncExternalStore(unsavedChanges.subscribe, () => unsavedChanges.has());
  const asking = useSyncExternalStore(unsavedChanges.subscribe, () => unsavedChanges.asking);

  useEffect(() => {
    if (!dirty) return;
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  const leave = () => {
    if (blocked) {
      unsavedChanges.discardAll();
      blocker.proceed();
    } else unsavedChanges.answer(true);
  };
  const stay = () => {
    if (blocked) blocker.reset();
    else unsavedChanges.answer(false);
  };

  return (
    <Modal
      open={blocked || asking}
      title={t('common.unsaved.title')}
      okText={t('common.unsaved.leave')}
      cancelText={t('common.unsaved.stay')}
      okButtonProps={{ danger: true }}
      onOk={leave}
      onCancel={stay}
      width={420}
      data-testid="unsaved-changes-dialog"
    >
      {t('common.unsaved.content')}
    </Modal>
  );
}
