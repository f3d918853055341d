import type { FastifyInstance } from 'fastify';
import type { RelayRuntime } from '../pipeline.ts';
import { createSoraVideo, remixSoraVideo, retrieveVideo, videoContent } from './sora-routes.ts';

/**
 * The video relay, answered in OpenAI's video object and error shapes: OpenAI's Videos API
 * (create, as JSON or a form with input_reference; retrieve; content streamed through; remix) and
 * new-api's /v1/video/generations. Tasks are polled by relay/video/video-poll.ts.
 */
export async function videoRoutes(app: FastifyInstance, runtime: RelayRuntime): Promise<void> {
  await app.register(async (scope) => {
    // A form is handed over unread; the route reads it as a stream, after the key was checked.
    scope.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
    const options = { bodyLimit: app.config.maxRequestBodyBytes, config: { format: 'openai' } };
    scope.post('/v1/videos', options, (request, reply) => createSoraVideo(scope, runtime, request, reply));
    scope.post('/v1/video/generations', options, (request, reply) =>
      createSoraVideo(scope, runtime, request, reply),
    );
    scope.post('/v1/videos/:id/remix', options, (request) => remixSoraVideo(scope, runtime, request));
    scope.get('/v1/videos/:id', options, (request) => retrieveVideo(scope, request));
    scope.get('/v1/video/generations/:id', options, (request) => retrieveVideo(scope, request));
    scope.get('/v1/videos/:id/content', options, (request, reply) =>
      videoContent(scope, runtime, request, reply),
    );
  });
}
