import {
  AUDIO_LIMITS,
  audioBatchReport,
  audioClip,
  audioLibrary,
  audioParams,
  envelope,
  renameAudioBody,
  trackIdParam,
} from '@railserve/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { FILE_TYPE_MEDIA } from '../../lib/file-type.ts';
import { registerAuditLoader } from '../audit/loaders.ts';
import { trackAudioUsage } from '../storage-quota/quota.ts';
import { checkDeviceAccess } from '../tracks/device-access.ts';
import { uploadClipBatch } from './batch.ts';
import { findClip } from './repository.ts';
import { clipKey, deleteClip, getClip, audioLibrary as readLibrary, renameClip, replaceClipFile, uploadClip } from './service.ts';

const multipart = { consumes: ['multipart/form-data'] };

registerAuditLoader('tracks/audio', async (app, id, request) => {
  const { audioId } = request.params as { audioId?: string };
  return findClip(app.db, Number(id), Number(audioId));
});
registerAuditLoader('tracks/audio/file', async (app, id, request) => {
  const { audioId } = request.params as { audioId?: string };
  return findClip(app.db, Number(id), Number(audioId));
});

/** A track's audio library and its storage use; the list and the files are also open to the track's devices (docs/protocol.md). */
export const audioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tracks/:id/audio',
    {
      config: { action: 'tracks.view', devices: true },
      schema: { tags: ['audio'], params: trackIdParam, response: { 200: envelope(audioLibrary) } },
    },
    async (request) => {
      await checkDeviceAccess(app, request, request.params.id);
      const library = await readLibrary(app.db, request.params.id);
      return ok({ ...library, storage: await trackAudioUsage(app, request.params.id) });
    },
  );

  app.post(
    '/tracks/:id/audio',
    {
      config: { action: 'audio.write' },
      schema: { tags: ['audio'], params: trackIdParam, ...multipart, response: { 201: envelope(audioClip) } },
    },
    async (request, reply) => reply.code(201).send(ok(await uploadClip(app, request, request.params.id))),
  );

  app.post(
    '/tracks/:id/audio/batch',
    {
      config: { action: 'audio.write' },
      schema: {
        tags: ['audio'],
        description: `A ZIP of at most ${AUDIO_LIMITS.zipEntriesMax} entries; names map to clips as docs/decisions.md says.`,
        params: trackIdParam,
        ...multipart,
        response: { 200: envelope(audioBatchReport) },
      },
    },
    async (request) => ok(await uploadClipBatch(app, request, request.params.id)),
  );

  app.put(
    '/tracks/:id/audio/:audioId',
    {
      config: { action: 'audio.write' },
      schema: { tags: ['audio'], params: audioParams, body: renameAudioBody, response: { 200: envelope(audioClip) } },
    },
    async (request) => {
      const { id, audioId } = request.params;
      return ok(await renameClip(app.db, id, audioId, request.body.name));
    },
  );

  app.put(
    '/tracks/:id/audio/:audioId/file',
    {
      config: { action: 'audio.write' },
      schema: { tags: ['audio'], params: audioParams, ...multipart, response: { 200: envelope(audioClip) } },
    },
    async (request) => {
      const { id, audioId } = request.params;
      return ok(await replaceClipFile(app, request, id, audioId));
    },
  );

  app.delete(
    '/tracks/:id/audio/:audioId',
    {
      config: { action: 'audio.write' },
      schema: { tags: ['audio'], params: audioParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteClip(app, request.params.id, request.params.audioId);
      return ok(null);
    },
  );

  app.get(
    '/tracks/:id/audio/:audioId/file',
    {
      config: { action: 'tracks.view', devices: true },
      schema: { tags: ['audio'], params: audioParams, produces: ['audio/wav', 'audio/mpeg', 'audio/mp4', 'audio/ogg'] },
    },
    async (request, reply) => {
      const { id, audioId } = request.params;
      await checkDeviceAccess(app, request, id);
      const clip = await getClip(app.db, id, audioId);
      return app.files.send(request, reply, clipKey(id, audioId), { contentType: FILE_TYPE_MEDIA[clip.format] });
    },
  );
};
