import type { ChatModel } from '../../domain/answers/ports.js';
import { createAnthropicChatModel } from './anthropic.llm.js';
import type { ModelSettings } from './llm-settings.js';
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
export type { LlmSettings, ModelSettings } from './llm-settings.js';

export function createChatModel(settings: ModelSettings): ChatModel {
  return settings.provider === 'anthropic'
    ? createAnthropicChatModel(settings)
    : createOpenAiCompatibleChatModel(settings);
}
