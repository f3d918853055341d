import type { Json, StreamConverter } from '../formats/types.ts';
import type { RelayError } from '../relay-error.ts';
import type { Usage } from '../usage.ts';

/**
 * What a client format does for the relay, behind one interface: the chat core's answers and
 * streams in the client's shape, and errors as its own library reads them. (Requests in are read
 * by the format's routes.) The registry maps each client format to its adaptor.
 */
export interface ClientAdaptor {
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
}
