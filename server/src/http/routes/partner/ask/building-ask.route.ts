import type { BusyLimit } from '../../../../domain/access/busy-limit.js';
import type { AnswersService } from '../../../../domain/answers/answers.service.js';
import type { App } from '../../../app-types.js';
import { AnswerSchema } from '../../../presenters/answers.presenter.js';
import { askBody, AskQuery } from '../../../schemas/ask.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';
import { askInputOf, respondToAsk } from './ask-request.js';

const BuildingAskBody = askBody({});

const schema = {
  tags: ['ask'],
  summary: 'Ask a question about the documents of a building',
  description:
    'Answers from the documents the credential can read, with numbered citations of the exact passage and page. ' +
    'Parameters come from the query string or a JSON body (the body wins). With stream=true the response is ' +
    'text/event-stream with the events start, action, thinking, text, finish and error. A credential may have a ' +
    'few asks answered at once (4 by default); one more is refused with 429 `ask.busy` and Retry-After.',
  params: BuildingParams,
  querystring: AskQuery,
  body: BuildingAskBody,
  response: withProblems({ 200: AnswerSchema }, [400, 401, 403, 404, 429, 502, 504]),
};

export function registerBuildingAskRoute(app: App, deps: { answers: AnswersService; askLimit: BusyLimit }): void {
  app.post('/building_owners/:buildingOwnerId/buildings/:buildingId/ask', { schema }, async (request, reply) => {
    const { input, stream } = askInputOf({ request, query: request.query, body: request.body });
    return respondToAsk({
      request,
      reply,
      answers: deps.answers,
      askLimit: deps.askLimit,
      stream,
      input: { ...input, ownerId: request.params.buildingOwnerId, buildingId: request.params.buildingId },
    });
  });
}
