import type { ChatEvent, ChatModel, ChatRequest } from '../../domain/answers/ports.js';

export interface FakeChatModel extends ChatModel {
  /** every request received, in order (messages copied as they were at the time) */
  readonly requests: ChatRequest[];
}

/**
 * A chat model for tests: each call plays the events the script returns for it (the request and its 0-based turn
 * are given, so a script can answer with the labels of the passages it was shown).
 */
export function createFakeChatModel(
  script: (request: ChatRequest, turn: number) => ChatEvent[] | Promise<ChatEvent[]>,
): FakeChatModel {
  const requests: ChatRequest[] = [];
  return {
    label: 'fake:scripted',
    requests,
    async *stream(request) {
      requests.push({ ...request, messages: [...request.messages] });
      for (const event of await script(request, requests.length - 1)) {
        request.signal.throwIfAborted();
        yield event;
      }
    },
  };
}
