import type { AccessService } from '../../domain/access/access.service.js';
import { createAnswersService } from '../../domain/answers/answers.service.js';
import { createBuiltinAnswerer } from '../../domain/answers/builtin.answerer.js';
import { createLlmAnswerer } from '../../domain/answers/llm.answerer.js';
import type { ChunkRetriever } from '../../domain/search/chunk-retriever.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { LlmConfig } from '../../config/config.js';
import { createChatModel } from '../../integrations/llm/llm.js';
import { createAskRepository } from '../../storage/db/repositories/ask.repository.js';
import type { Db } from './app-module.js';

/** Answers to questions with citations: the built-in answerer, or a language model when one is configured. */
export function createAnswersModule(deps: {
  db: Db;
  access: AccessService;
  clock: Clock;
  llm: LlmConfig;
  /** passages come from search's chunk retriever */
  chunks: ChunkRetriever;
}) {
  const askRepository = createAskRepository(deps.db);
  const answers = createAnswersService({
    access: deps.access,
    repository: askRepository,
    retriever: deps.chunks,
    reader: askRepository,
    answerer:
      deps.llm.provider === 'builtin'
        ? createBuiltinAnswerer()
        : createLlmAnswerer({ model: createChatModel(deps.llm) }),
    clock: deps.clock,
  });
  return { services: { answers } };
}
