import {
  ChatModelError,
  type ChatEvent,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
} from '../../domain/answers/ports.js';
import type { ModelSettings } from './llm-settings.js';
import { parseJson, postForEvents } from './sse-client.js';

const PROVIDER = 'Anthropic';
const API_VERSION = '2023-06-01';

type Block =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string };

interface StreamEvent {
  type?: string;
  index?: number;
  content_block?: { type?: string; id?: string; name?: string; text?: string };
  delta?: {
    type?: string;
    text?: string;
    partial_json?: string;
    thinking?: string;
    signature?: string;
    stop_reason?: string | null;
  };
  error?: { type?: string; message?: string };
}

/** Anthropic's Messages API, streamed: text, thinking and tool use (tool input assembled from its JSON pieces). */
export function createAnthropicChatModel(settings: ModelSettings): ChatModel {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const url = /\/v1$/.test(base) ? `${base}/messages` : `${base}/v1/messages`;
  const headers: Record<string, string> = { 'anthropic-version': API_VERSION };
  if (settings.apiKey) headers['x-api-key'] = settings.apiKey;
  return {
    label: `anthropic:${settings.model}`,
    async *stream(request: ChatRequest): AsyncGenerator<ChatEvent> {
      const body: Record<string, unknown> = {
        model: settings.model,
        max_tokens: request.maxTokens,
        system: request.system,
        messages: toWire(request.messages),
        stream: true,
      };
      if (request.tools.length > 0) {
        body.tools = request.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: tool.parameters,
        }));
        body.tool_choice = { type: request.toolChoice };
      }
      const blocks = new Map<number, { type: string; id: string; name: string; json: string }>();
      let stopReason: string | null = null;
      for await (const event of postForEvents({
        url,
        headers,
        body,
        timeoutMs: settings.timeoutMs,
        signal: request.signal,
        provider: PROVIDER,
        apiKey: settings.apiKey,
      })) {
        const data = parseJson(event.data, PROVIDER) as StreamEvent;
        const type = data.type ?? event.event;
        const index = data.index ?? 0;
        if (type === 'error') {
          const kind = data.error?.type === 'overloaded_error' ? 'rate_limited' : 'unavailable';
          throw new ChatModelError(
            kind,
            `The ${PROVIDER} model failed while answering: ${(data.error?.message ?? 'unknown error').slice(0, 300)}`,
          );
        }
        if (type === 'content_block_start') {
          const block = data.content_block ?? {};
          blocks.set(index, { type: block.type ?? 'text', id: block.id ?? '', name: block.name ?? '', json: '' });
          if (block.type === 'text' && block.text) yield { type: 'text', text: block.text };
        } else if (type === 'content_block_delta') {
          const delta = data.delta ?? {};
          const block = blocks.get(index);
          if (delta.type === 'text_delta' && delta.text) yield { type: 'text', text: delta.text };
          else if (delta.type === 'thinking_delta' && delta.thinking) yield { type: 'thinking', text: delta.thinking };
          else if (delta.type === 'signature_delta' && delta.signature)
            yield { type: 'thinking', text: '', signature: delta.signature };
          else if (delta.type === 'input_json_delta' && block) block.json += delta.partial_json ?? '';
        } else if (type === 'content_block_stop') {
          const block = blocks.get(index);
          if (block?.type === 'tool_use') {
            yield { type: 'tool_call', call: { id: block.id, name: block.name, arguments: parseInput(block.json) } };
          }
        } else if (type === 'message_delta') {
          stopReason = data.delta?.stop_reason ?? stopReason;
        } else if (type === 'message_stop') {
          break;
        }
      }
      yield {
        type: 'done',
        stopReason:
          stopReason === 'tool_use'
            ? 'tool_calls'
            : stopReason === 'max_tokens'
              ? 'length'
              : stopReason === 'end_turn' || stopReason === 'stop_sequence' || stopReason === null
                ? 'stop'
                : 'other',
      };
    },
  };
}

function parseInput(json: string): Record<string, unknown> {
  if (json.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return { invalid_arguments: json.slice(0, 200) };
  }
}

/** Our messages as Anthropic's: roles alternate, and tool results travel in a user message. */
function toWire(messages: readonly ChatMessage[]): { role: 'user' | 'assistant'; content: Block[] }[] {
  const out: { role: 'user' | 'assistant'; content: Block[] }[] = [];
  const push = (role: 'user' | 'assistant', blocks: Block[]): void => {
    const last = out.at(-1);
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        push('user', [{ type: 'text', text: message.content }]);
        break;
      case 'tool':
        push('user', [{ type: 'tool_result', tool_use_id: message.toolCallId, content: message.content }]);
        break;
      case 'assistant': {
        const blocks: Block[] = [];
        for (const r of message.reasoning ?? [])
          blocks.push({ type: 'thinking', thinking: r.text, signature: r.signature });
        if (message.content.trim() !== '') blocks.push({ type: 'text', text: message.content });
        for (const call of message.toolCalls ?? [])
          blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
        if (blocks.length > 0) push('assistant', blocks);
        break;
      }
    }
  }
  return out;
}
