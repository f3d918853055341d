import type { Json } from '../formats/types.ts';
import type { Usage } from '../answer/usage.ts';

export type EndpointKind =
  | 'chat'
  | 'completion'
  | 'embedding'
  | 'moderation'
  | 'image'
  | 'speech'
  | 'transcription'
  | 'rerank'
  | 'responses';

/** Gemini's two embedding actions: one content, or a batch of requests. */
export type GeminiEmbedAction = 'embedContent' | 'batchEmbedContents';

/** An OpenAI-format relay endpoint: its path is also the path called upstream. */
export interface Endpoint {
  path: string;
  kind: EndpointKind;
  /** The model assumed when the request names none (new-api's defaults). */
  defaultModel?: string;
  multipart?: boolean;
  /** A Gemini embedding call: the action a Gemini channel is called with (others get `path`). */
  geminiAction?: GeminiEmbedAction;
  /**
   * The client's own answer made from an OpenAI answer, for an endpoint whose client speaks another
   * shape than the chat core (Gemini's embeddings): its body, and its usage where the answer tells.
   */
  shapeAnswer?: (answer: Json) => { body: unknown; usage?: Usage };
}

export const OPENAI_ENDPOINTS: Endpoint[] = [
  { path: '/v1/chat/completions', kind: 'chat' },
  { path: '/v1/completions', kind: 'completion' },
  { path: '/v1/embeddings', kind: 'embedding' },
  { path: '/v1/moderations', kind: 'moderation', defaultModel: 'text-moderation-stable' },
  { path: '/v1/images/generations', kind: 'image', defaultModel: 'dall-e-2' },
  { path: '/v1/audio/speech', kind: 'speech', defaultModel: 'tts-1' },
  { path: '/v1/audio/transcriptions', kind: 'transcription', defaultModel: 'whisper-1', multipart: true },
  { path: '/v1/audio/translations', kind: 'transcription', defaultModel: 'whisper-1', multipart: true },
  { path: '/v1/rerank', kind: 'rerank' },
  { path: '/v1/responses', kind: 'responses' },
];

/** Whether answers of this kind can be server-sent-event streams. */
export const streamable = (kind: EndpointKind): boolean =>
  kind === 'chat' || kind === 'completion' || kind === 'responses';

/** Only these take stream_options.include_usage (the Responses API always reports usage). */
export const takesStreamUsageOption = (kind: EndpointKind): boolean =>
  kind === 'chat' || kind === 'completion';
