/**
 * Serves members' videos as free HLS under every CDN line, like the media plugin serves the seeded
 * ones (server/media/media-plugin.ts), but from UPLOAD_DIR/clips and without a play ticket (a
 * topic's video is free to watch):
 *
 *   GET|HEAD /cdn/:line/clips/u<user>-<md5>/index.m3u8 | seg-NNN.ts | poster.jpg
 *
 * A clip directory appears only when complete (transcode-video.ts), so its files never change and
 * are cached for a year. Any other name is a 404; every answer allows any origin.
 */
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { sendFile, sendText } from '../../media/send-file.ts';

const LINE = /^[A-Za-z0-9_-]{1,32}$/;
const CLIP = /^u\d{1,15}-[0-9a-f]{32}$/;
const FILE = /^(?:index\.m3u8|seg-\d{3,5}\.ts|poster\.jpg)$/;

type ClipParams = { line: string; clip: string; file: string };

export const clipsPlugin: FastifyPluginAsync<{ uploadDir: string }> = async (app, { uploadDir }) => {
  app.route<{ Params: ClipParams }>({
    method: ['GET', 'HEAD'],
    url: '/cdn/:line/clips/:clip/:file',
    handler: async (req, reply) => {
      const { line, clip, file } = req.params;
      reply.header('access-control-allow-origin', '*');
      if (!LINE.test(line) || !CLIP.test(clip) || !FILE.test(file)) return sendText(reply, 404, 'Not Found');
      return sendFile(req, reply, join(uploadDir, 'clips', clip, file), 'public, max-age=31536000, immutable');
    },
  });
};
