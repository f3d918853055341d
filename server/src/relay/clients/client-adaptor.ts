import type { IncomingHttpHeaders } from 'node:http';
import type { Endpoint } from '../call/endpoints.ts';
import type { Json, StreamConverter } from '../formats/types.ts';
import type { RelayBody } from '../call/relay-body.ts';
import type { RelayError } from '../call/relay-error.ts';
import type { Usage } from '../answer/usage.ts';
import type { WireFormat } from '../formats/format-names.ts';

/** A call as its route received it: what a client format's reader needs to make a RelayBody of it. */
export interface ClientCall {
  /** The endpoint the route serves: its kind, and the model assumed when none is named. */
  endpoint: Endpoint;
  /** The parsed JSON body, as the client sent it (not yet checked). */
  body: unknown;
  headers: IncomingHttpHeaders;
  /** Path parameters (Gemini names the model and action in the path: models/{model}:{action}). */
  params?: Record<string, string | undefined>;
}

/** What tells which library sent a request to a path every format shares (the model list, an unknown path). */
export interface SharedPathRequest {
  url: string;
  headers: IncomingHttpHeaders;
  query?: unknown;
}

/**
 * What a client format does for the relay, behind one interface: its requests read and checked
 * into the relay's body (with the OpenAI-chat core other channels get), the chat core's answers
 * and streams in the client's shape, errors as its own library reads them, and its model list.
 * The registry maps each client format to its adaptor.
 */
export interface ClientAdaptor {
  /** The wire format of the channels this client's calls pass through to unconverted. */
  readonly wire: WireFormat;
  /**
   * The client's call read and checked: model, stream flag, max tokens, thinking budget and the
   * body as OpenAI chat (or the endpoint's own OpenAI shape). Throws a 400 RelayError naming what is
   * wrong, answered in this format's error shape; nothing is reserved before this succeeds.
   */
  readRequest(call: ClientCall): RelayBody;
  /**
   * The call as an OpenAI chat request, for a channel of another format (built when such a
   * channel is tried, never for a pass-through); a string says why it cannot be served that way,
   * undefined that the endpoint has no chat form.
   */
  chatCore(body: RelayBody, endpoint: Endpoint): Json | string | undefined;
  /**
   * Chat chunks → the client's stream events; null when the client reads chat chunks itself.
   * `request` is the client's own request (its format's body), for answers that repeat it.
   */
  streamFromChat(
    requestedModel: string,
    promptUsage?: () => Usage | undefined,
    request?: Json,
  ): StreamConverter | null;
  /** A chat completion as the client's answer (`request`: the client's own request, as above). */
  answerFromChat(chat: Json, requestedModel: string, request?: Json): Json;
  /** A relay error's body. */
  errorBody(error: RelayError, requestId: string): unknown;
  /** The server-sent event that says the stream failed before its end. */
  streamError(message: string): string;
  /** The model list (GET /v1/models and the like) of these names, as the client's library reads it. */
  modelList(names: string[]): Json;
  /** One model, as the client's library reads a single-model lookup. */
  modelEntry(id: string): Json;
  /**
   * Whether a request to a shared path comes from this format's library (its headers, its key's
   * place), so the answer and its errors take this format's shape. Absent: never (OpenAI's shape
   * is the default).
   */
  recognises?(request: SharedPathRequest): boolean;
}
