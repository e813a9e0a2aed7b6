import {
  ChatModelError,
  type ChatEvent,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  type ToolCall,
} from '../../domain/answers/ports.js';
import type { ModelSettings } from './llm-settings.js';
import { parseJson, postForEvents } from './sse-client.js';

const PROVIDER = 'OpenAI-compatible';
const AZURE_API_VERSION = '2024-10-21';

interface ChunkDelta {
  content?: string | null;
  /** DeepSeek, vLLM and llama.cpp stream reasoning here; Ollama and OpenRouter as `reasoning` */
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
}

interface Chunk {
  choices?: { delta?: ChunkDelta; finish_reason?: string | null }[];
  error?: { message?: string } | string;
}

/**
 * Any chat-completions endpoint: OpenAI, Azure OpenAI (a deployment URL as LLM_BASE_URL; the key goes in `api-key`),
 * Ollama, vLLM, llama.cpp server. Streams text, reasoning and tool calls (assembled from their pieces).
 */
export function createOpenAiCompatibleChatModel(settings: ModelSettings): ChatModel {
  const { url, azure } = endpointOf(settings.baseUrl);
  const headers: Record<string, string> = {};
  if (settings.apiKey) {
    if (azure) headers['api-key'] = settings.apiKey;
    else headers.authorization = `Bearer ${settings.apiKey}`;
  }
  return {
    label: `${settings.provider}:${settings.model}`,
    async *stream(request: ChatRequest): AsyncGenerator<ChatEvent> {
      const body: Record<string, unknown> = {
        model: settings.model,
        stream: true,
        messages: [{ role: 'system', content: request.system }, ...request.messages.map(toWire)],
      };
      if (request.tools.length > 0) {
        body.tools = request.tools.map((tool) => ({
          type: 'function',
          function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        }));
        body.tool_choice = request.toolChoice;
      }
      const calls = new Map<number, { id: string; name: string; arguments: string }>();
      let finish: string | null = null;
      for await (const event of postForEvents({
        url,
        headers,
        body,
        timeoutMs: settings.timeoutMs,
        signal: request.signal,
        provider: PROVIDER,
        apiKey: settings.apiKey,
      })) {
        if (event.data.trim() === '[DONE]') break;
        const chunk = parseJson(event.data, PROVIDER) as Chunk;
        if (chunk.error) {
          const message = typeof chunk.error === 'string' ? chunk.error : (chunk.error.message ?? 'unknown error');
          throw new ChatModelError(
            'unavailable',
            `The ${PROVIDER} model failed while answering: ${message.slice(0, 300)}`,
          );
        }
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const delta = choice.delta ?? {};
        const reasoning = delta.reasoning_content ?? delta.reasoning;
        if (reasoning) yield { type: 'thinking', text: reasoning };
        if (delta.content) yield { type: 'text', text: delta.content };
        for (const piece of delta.tool_calls ?? []) {
          const index = piece.index ?? 0;
          const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
          if (piece.id) call.id = piece.id;
          if (piece.function?.name) call.name += piece.function.name;
          if (piece.function?.arguments) call.arguments += piece.function.arguments;
          calls.set(index, call);
        }
        if (choice.finish_reason) finish = choice.finish_reason;
      }
      const ordered = [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, call]) => call);
      for (const [i, call] of ordered.entries()) {
        yield { type: 'tool_call', call: toToolCall({ ...call, id: call.id || `call_${i}` }) };
      }
      yield {
        type: 'done',
        stopReason:
          ordered.length > 0 || finish === 'tool_calls' || finish === 'function_call'
            ? 'tool_calls'
            : finish === 'length'
              ? 'length'
              : finish === 'stop' || finish === null
                ? 'stop'
                : 'other',
      };
    },
  };
}

function endpointOf(baseUrl: string): { url: string; azure: boolean } {
  const url = new URL(baseUrl);
  const azure = /\.(openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com)$/i.test(url.hostname);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  if (azure && !url.searchParams.has('api-version')) url.searchParams.set('api-version', AZURE_API_VERSION);
  return { url: url.toString(), azure };
}

function toWire(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        ...(message.toolCalls && message.toolCalls.length > 0
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

function toToolCall(call: { id: string; name: string; arguments: string }): ToolCall {
  let parsed: unknown = {};
  try {
    parsed = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    // a model that wrote broken JSON gets an error back from the tool, and can try again
    parsed = { invalid_arguments: call.arguments.slice(0, 200) };
  }
  const args = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  return { id: call.id, name: call.name, arguments: args as Record<string, unknown> };
}
