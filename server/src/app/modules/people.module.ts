import type { AccessService } from '../../domain/access/access.service.js';
import { createPeopleService } from '../../domain/people/people.service.js';
import { createPeopleRepository } from '../../storage/db/repositories/people.repository.js';
import type { Db } from './app-module.js';

/** The application's people: who the caller is, the customers and projects they reach and their roles. */
export function createPeopleModule(deps: { db: Db; access: AccessService }) {
  return {
    services: { people: createPeopleService({ repository: createPeopleRepository(deps.db), access: deps.access }) },
  };
}
