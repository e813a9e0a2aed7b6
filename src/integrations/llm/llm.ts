import type { ChatModel } from '../../domain/answers/ports.js';
import { createAnthropicChatModel } from './anthropic.llm.js';
import { createOpenAiCompatibleChatModel } from './openai-compatible.llm.js';

export type {
  ChatEvent,
  ChatMessage,
  ChatModel,
  ChatRequest,
  ToolCall,
  ToolDefinition,
} from '../../domain/answers/ports.js';
export { ChatModelError } from '../../domain/answers/ports.js';

/** Which model writes answers. `builtin` needs none. */
export type LlmSettings =
  | { provider: 'builtin' }
  | {
      provider: 'openai' | 'anthropic';
      /** OpenAI-compatible: up to `/v1` (OpenAI, Azure OpenAI deployment URL, Ollama, vLLM, llama.cpp server) */
      baseUrl: string;
      apiKey: string | null;
      model: string;
      /** the longest wait for the first byte of a response, and between two pieces of a streamed one */
      timeoutMs: number;
    };

export type ModelSettings = Exclude<LlmSettings, { provider: 'builtin' }>;

export function createChatModel(settings: ModelSettings): ChatModel {
  return settings.provider === 'anthropic'
    ? createAnthropicChatModel(settings)
    : createOpenAiCompatibleChatModel(settings);
}
