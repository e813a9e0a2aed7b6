import { Type } from '@sinclair/typebox';
import type { BusyLimit } from '../../../../domain/access/busy-limit.js';
import type { AnswersService } from '../../../../domain/answers/answers.service.js';
import type { App } from '../../../app-types.js';
import { AnswerSchema } from '../../../presenters/answers.presenter.js';
import { askBody, AskQuery } from '../../../schemas/ask.js';
import { Id, OwnerParams, withProblems } from '../../../schemas/common.js';
import { askInputOf, respondToAsk } from './ask-request.js';

const OwnerAskBody = askBody({
  building_ids: Type.Optional(
    Type.Array(Id('building id'), {
      maxItems: 100,
      description: 'buildings to answer from; omitted: every building the credential can read',
    }),
  ),
});

const schema = {
  tags: ['ask'],
  summary: 'Ask a question about the documents of several buildings of an owner',
  description:
    'As the building ask, over the buildings in building_ids (up to 100) or, when omitted, every building the ' +
    'credential can read. A building the credential cannot read is a 403; an unknown one a 404.',
  params: OwnerParams,
  querystring: AskQuery,
  body: OwnerAskBody,
  response: withProblems({ 200: AnswerSchema }, [400, 401, 403, 404, 429, 502, 504]),
};

export function registerOwnerAskRoute(app: App, deps: { answers: AnswersService; askLimit: BusyLimit }): void {
  app.post('/building_owners/:buildingOwnerId/ask', { schema }, async (request, reply) => {
    const { input, stream } = askInputOf({ request, query: request.query, body: request.body });
    const buildingIds = request.body?.building_ids;
    return respondToAsk({
      request,
      reply,
      answers: deps.answers,
      askLimit: deps.askLimit,
      stream,
      input: {
        ...input,
        ownerId: request.params.buildingOwnerId,
        ...(buildingIds !== undefined ? { buildingIds } : {}),
      },
    });
  });
}
