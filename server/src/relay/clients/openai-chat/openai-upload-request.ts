import { isFilePart, type SpooledForm } from '../../../http/multipart-spool.ts';
import type { Endpoint } from '../../call/endpoints.ts';
import type { RelayBody } from '../../call/relay-body.ts';
import { invalidRequest } from '../../call/relay-error.ts';

/** What routing needs from an OpenAI upload (audio), read from its text fields (the files stay spooled). */
export function readOpenAIUpload(endpoint: Endpoint, form: SpooledForm): RelayBody {
  const model = form.text('model') ?? endpoint.defaultModel;
  const modelIsFile = form.parts.some((part) => part.name === 'model' && isFilePart(part));
  if (typeof model !== 'string' || model.trim() === '' || modelIsFile) {
    throw invalidRequest('model is required');
  }
  return {
    model: model.trim(),
    stream: false,
    clientWantsUsage: false,
    maxTokens: 0,
    form,
    clientFormat: 'openai',
  };
}
