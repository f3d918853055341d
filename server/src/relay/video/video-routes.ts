import type { FastifyInstance } from 'fastify';
import type { RelayRuntime } from '../call/pipeline.ts';
import { remixSoraVideo } from './sora-remix.ts';
import { createVideo, type CreateRoute } from './video-create.ts';
import { KLING_TYPE, servesSora, servesVideo } from './video-channels.ts';
import { listVideos, retrieveVideo, videoContent } from './video-task-routes.ts';

const SORA_DEFAULTS = { model: 'sora-2', size: '' };

/** The routes that make a video, and the channels each may send to. */
const CREATE_ROUTES: Array<[string, CreateRoute]> = [
  ['/v1/videos', { serves: servesSora, defaults: SORA_DEFAULTS }],
  ['/v1/video/generations', { serves: servesVideo, defaults: SORA_DEFAULTS }],
  [
    '/kling/v1/videos/text2video',
    {
      serves: (type) => type === KLING_TYPE,
      defaults: { model: 'kling-v1', size: '' },
      action: 'textGenerate',
    },
  ],
  [
    '/kling/v1/videos/image2video',
    { serves: (type) => type === KLING_TYPE, defaults: { model: 'kling-v1', size: '' }, action: 'generate' },
  ],
];

/** The routes that read a task the caller made. */
const TASK_ROUTES = [
  '/v1/videos/:id',
  '/v1/video/generations/:id',
  '/kling/v1/videos/text2video/:id',
  '/kling/v1/videos/image2video/:id',
];

/**
 * The video relay, answered in OpenAI's video object and error shapes (as new-api answers every
 * video route): OpenAI's Videos API (create, as JSON or a form with input_reference; list; retrieve;
 * content streamed through; remix), new-api's /v1/video/generations for any video model, and
 * Kling's own text2video and image2video under /kling. Tasks are polled by video-poll.ts.
 */
export async function videoRoutes(app: FastifyInstance, runtime: RelayRuntime): Promise<void> {
  await app.register(async (scope) => {
    // A form is handed over unread; the route reads it as a stream, after the key was checked.
    scope.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
    const options = { bodyLimit: app.config.maxRequestBodyBytes, config: { format: 'openai' } };
    for (const [path, route] of CREATE_ROUTES) {
      scope.post(path, options, (request, reply) => createVideo(scope, runtime, request, reply, route));
    }
    scope.get('/v1/videos', options, (request) => listVideos(scope, request));
    for (const path of TASK_ROUTES) scope.get(path, options, (request) => retrieveVideo(scope, request));
    scope.post('/v1/videos/:id/remix', options, (request) => remixSoraVideo(scope, runtime, request));
    scope.get('/v1/videos/:id/content', options, (request, reply) =>
      videoContent(scope, runtime, request, reply),
    );
  });
}
