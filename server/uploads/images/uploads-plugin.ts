/**
 * Serves members' stored images: GET|HEAD /uploads/<sha256 prefix>.webp from UPLOAD_DIR. Names are
 * content hashes, so the files never change and are cached for a year; any other name is a 404.
 */
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { sendFile, sendText } from '../../media/send-file.ts';
import { UPLOAD_NAME, UPLOAD_URL_PREFIX } from './image-upload.ts';

export const uploadsPlugin: FastifyPluginAsync<{ uploadDir: string }> = async (app, { uploadDir }) => {
  app.route<{ Params: { name: string } }>({
    method: ['GET', 'HEAD'],
    url: `${UPLOAD_URL_PREFIX}:name`,
    handler: async (req, reply) => {
      if (!UPLOAD_NAME.test(req.params.name)) return sendText(reply, 404, 'Not Found');
      reply.header('access-control-allow-origin', '*').header('x-content-type-options', 'nosniff');
      return sendFile(req, reply, join(uploadDir, req.params.name), 'public, max-age=31536000, immutable');
    },
  });
};
