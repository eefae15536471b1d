import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchServerStart } from '../api/system-control.ts';
import { updateKeys } from '../api/update-keys.ts';

/** stopping: asked, still answering; down: not answering; back: a new process answers. */
export type ServerPhase = 'idle' | 'stopping' | 'down' | 'back';

const POLL_MS = 1000;

/**
 * Follows a restart through /api/version: the server goes away, then answers with a new start
 * time; then the versions are read again. The header's broker indicator shows the same from
 * the broker's side (it disconnects and reconnects).
 */
export function useServerReturn() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ServerPhase>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const watch = useCallback(
    (startedBefore: string | undefined) => {
      setPhase('stopping');
      const poll = async () => {
        const startedAt = await fetchServerStart().catch(() => undefined);
        if (startedAt === undefined) setPhase('down');
        else if (startedAt !== startedBefore) {
          setPhase('back');
          void queryClient.invalidateQueries({ queryKey: updateKeys.versions });
          return;
        }
        timer.current = setTimeout(poll, POLL_MS);
      };
      timer.current = setTimeout(poll, POLL_MS);
    },
    [queryClient],
  );

  return { phase, watch, waiting: phase === 'stopping' || phase === 'down' };
}
