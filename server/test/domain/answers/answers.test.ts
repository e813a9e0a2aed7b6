import { describe, expect, it } from 'vitest';
import type { AnswerContext } from '../../../src/domain/answers/answerer.js';
import { CitationMarkerStream } from '../../../src/domain/answers/citation-markers.js';
import { createBuiltinAnswerer } from '../../../src/domain/answers/builtin.answerer.js';
import { CitationBook } from '../../../src/domain/answers/citations.js';
import { createLlmAnswerer } from '../../../src/domain/answers/llm.answerer.js';
import type { AskRepository, Passage, ReadableDocument } from '../../../src/domain/answers/ports.js';
import { answerTypeOf, analyseQuestion } from '../../../src/domain/answers/question.js';
import { splitSentences, stem } from '../../../src/domain/answers/text-analysis.js';
import { loadConfig } from '../../../src/config/config.js';
import { createFakeChatModel } from '../../../src/integrations/llm/fake.llm.js';

const PAGE =
  'Brannteknisk rapport.\nSprinkleranlegget ble levert av Firesafe AS i 2019.\nDørene skal ha brannklasse EI2 30.';

function passage(overrides: Partial<Passage> = {}): Passage {
  return {
    documentId: 'doc-1',
    buildingId: 'bld-1',
    filename: 'Brannteknisk rapport.pdf',
    chunkId: '1',
    pageNumber: 2,
    charStart: 0,
    charEnd: PAGE.length,
    text: PAGE,
    score: 1,
    ...overrides,
  };
}

/** A repository with one readable PDF page (doc-1, page 2) and one readable text file (doc-2). */
function repository(doc2Text = PAGE): AskRepository {
  const documents: ReadableDocument[] = [
    { id: 'doc-1', buildingId: 'bld-1', filename: 'Brannteknisk rapport.pdf', fileKind: 'pdf', supersededBy: null },
    { id: 'doc-2', buildingId: 'bld-1', filename: 'notat.txt', fileKind: 'text', supersededBy: null },
  ];
  const pages = new Map([
    ['doc-1:2', PAGE],
    ['doc-2:1', doc2Text],
  ]);
  return {
    readableDocuments: async ({ documentIds, buildingIds }) =>
      documents.filter((d) => documentIds.includes(d.id) && buildingIds.includes(d.buildingId)),
    pageTexts: async (wanted) =>
      new Map(
        wanted.flatMap((p) => {
          const text = pages.get(`${p.documentId}:${p.pageNumber}`);
          return text === undefined ? [] : [[`${p.documentId}:${p.pageNumber}`, text] as const];
        }),
      ),
  } as AskRepository;
}

const scope = { ownerId: 'own-1', buildingIds: ['bld-1'] };

describe('language, question and text analysis', () => {
  it('knows what kind of answer a question asks for', () => {
    expect(answerTypeOf('Hvem leverte aggregatet?').type).toBe('person');
    expect(answerTypeOf('Når ble bygget ferdig?').type).toBe('date');
    expect(answerTypeOf('I hvilket år ble taket skiftet?').type).toBe('date');
    expect(answerTypeOf('Hvor mange etasjer har bygget?').type).toBe('number');
    expect(answerTypeOf('Hvor ofte skal filteret byttes?')).toEqual({
      type: 'number',
      consumed: new Set(['hvor', 'ofte']),
    });
    expect(answerTypeOf('Hvor står aggregatet?').type).toBe('place');
    expect(answerTypeOf('Hvorfor ble heisen stengt?').type).toBe('reason');
    expect(answerTypeOf('Hvordan byttes filteret?').type).toBe('manner');
    expect(answerTypeOf('Hva heter leverandøren?').type).toBe('name');
    expect(answerTypeOf('Hva er brannklassen?').type).toBe('other');
  });

  it('keeps the words that matter: no stop words, acronyms even when they spell one', () => {
    expect(analyseQuestion({ question: 'Hva står VAR for?' }).terms.map((t) => t.word)).toEqual(['var']);
    expect(analyseQuestion({ question: 'Hvor mange etasjer har bygget?' }).terms.map((t) => t.word)).toEqual([
      'etasjer',
      'bygget',
    ]);
  });

  it('lets a short follow-up lean on the earlier question of the thread', () => {
    const alone = analyseQuestion({ question: 'Og i kjelleren?' });
    const inThread = analyseQuestion({ question: 'Og i kjelleren?', history: ['Hvilken brannklasse har dørene?'] });
    expect(alone.terms.map((t) => t.word)).toEqual(['kjelleren']);
    expect(inThread.terms.map((t) => t.word)).toEqual(['kjelleren', 'brannklasse', 'dørene']);
    expect(inThread.terms[1]!.emphasis).toBeLessThan(1);
  });

  it('stems inflected Norwegian forms alike', () => {
    expect(stem('leverte')).toBe(stem('levert'));
    expect(stem('dørene')).toBe(stem('døren'));
    expect(stem('brannklassen')).toBe(stem('brannklasse'));
    // Latin loans in -ium/-eum: the indefinite singular meets its inflected forms; other -um words stay themselves
    for (const form of ['kuldemediet', 'kuldemedier', 'kuldemediene']) expect(stem(form)).toBe(stem('kuldemedium'));
    expect(stem('museet')).toBe(stem('museum'));
    expect(stem('kriteriene')).toBe(stem('kriterium'));
    for (const word of ['forum', 'sentrum', 'minimum', 'vakuum']) expect(stem(word)).toBe(word);
  });

  it('takes the noun after a Norwegian interrogative determiner as what is asked for', () => {
    expect(analyseQuestion({ question: 'Hvilket kuldemedium bruker varmepumpen VP01?' }).focus?.word).toBe(
      'kuldemedium',
    );
    expect(analyseQuestion({ question: 'Kva for eit kuldemedium har VP01?' }).focus?.word).toBe('kuldemedium');
    expect(analyseQuestion({ question: 'Hvem leverte aggregatet?' }).focus).toBeUndefined();
    // consumed by the kind of answer ("hvilket år": a date), it is no term and no focus
    expect(analyseQuestion({ question: 'I hvilket år ble taket skiftet?' }).focus).toBeUndefined();
  });

  it('splits sentences, but not after abbreviations or inside wrapped lines', () => {
    const text =
      'Se f.eks. kapittel 3 om rømning. Dørene i\ntrapperommet er nye.\n\nOverskrift\nFilteret byttes ca. hver 6. måned.';
    expect(splitSentences(text).map((s) => text.slice(s.start, s.end))).toEqual([
      'Se f.eks. kapittel 3 om rømning.',
      'Dørene i\ntrapperommet er nye.',
      'Overskrift',
      'Filteret byttes ca. hver 6. måned.',
    ]);
  });
});

describe('citation verification', () => {
  it('numbers verified passages in order, and cites a passage twice under one number', async () => {
    const book = new CitationBook({ repository: repository(), scope });
    const first = await book.cite({ passage: passage(), start: 22, end: 73 });
    expect(first).toMatchObject({
      number: 1,
      citedText: 'Sprinkleranlegget ble levert av Firesafe AS i 2019.',
      pageNumber: 2,
      charStart: 22,
    });
    const second = await book.cite({ passage: passage(), start: 74, end: PAGE.length });
    expect(second?.number).toBe(2);
    expect((await book.cite({ passage: passage(), start: 22, end: 73 }))?.number).toBe(1);
    expect(book.citations()).toHaveLength(2);
  });

  it('refuses text that is not on the page it names, and documents outside the scope', async () => {
    const book = new CitationBook({ repository: repository(), scope });
    const altered = passage({ text: PAGE.replace('2019', '2018') });
    expect(await book.cite({ passage: altered, start: 22, end: 73 })).toBeNull();
    expect(await book.cite({ passage: passage({ pageNumber: 5 }), start: 22, end: 73 })).toBeNull();
    expect(await book.cite({ passage: passage({ documentId: 'doc-9' }), start: 22, end: 73 })).toBeNull();
    const otherScope = new CitationBook({
      repository: repository(),
      scope: { ownerId: 'own-1', buildingIds: ['bld-2'] },
    });
    expect(await otherScope.cite({ passage: passage(), start: 22, end: 73 })).toBeNull();
    expect(book.citations()).toEqual([]);
  });

  it('cites alike after reading the passages ahead, in two reads, and reads no page of a document out of scope', async () => {
    const reads: string[] = [];
    const counted = (inner: AskRepository): AskRepository => ({
      ...inner,
      readableDocuments: async (params) => {
        reads.push(`documents ${params.documentIds.join(',')}`);
        return inner.readableDocuments(params);
      },
      pageTexts: async (wanted) => {
        reads.push(`pages ${wanted.map((p) => `${p.documentId}:${p.pageNumber}`).join(',')}`);
        return inner.pageTexts(wanted);
      },
    });
    const passages = [
      passage(),
      passage({ documentId: 'doc-2', pageNumber: 1 }),
      passage({ documentId: 'doc-9' }),
      passage({ pageNumber: 5 }),
    ];
    const ahead = new CitationBook({ repository: counted(repository()), scope });
    await ahead.prepare(passages);
    const oneByOne = new CitationBook({ repository: repository(), scope });
    for (const p of passages) {
      expect(await ahead.cite({ passage: p, start: 22, end: 73 })).toEqual(
        await oneByOne.cite({ passage: p, start: 22, end: 73 }),
      );
    }
    expect(ahead.citations().map((c) => c.documentId)).toEqual(['doc-1', 'doc-2']);
    expect(reads).toEqual(['documents doc-1,doc-2,doc-9', 'pages doc-1:2,doc-2:1,doc-1:5']);
  });

  it('finds the text on its page when a retriever reports other offsets, and gives no page for a text file', async () => {
    const book = new CitationBook({ repository: repository(), scope });
    const shifted = passage({ documentId: 'doc-2', pageNumber: 1, charStart: 7 });
    const citation = await book.cite({ passage: shifted, start: 22, end: 73 });
    expect(citation).toMatchObject({ charStart: 22, pageNumber: null, citedText: PAGE.slice(22, 73) });
  });
});

describe('model citations in a streamed answer', () => {
  async function rewrite(
    pieces: string[],
  ): Promise<{ streamed: string; book: CitationBook; stream: CitationMarkerStream }> {
    const book = new CitationBook({ repository: repository(), scope });
    const stream = new CitationMarkerStream({ sources: new Map([['S1', passage()]]), citations: book });
    let streamed = '';
    for (const piece of pieces) for await (const out of stream.push(piece)) streamed += out;
    for await (const out of stream.end()) streamed += out;
    return { streamed, book, stream };
  }

  it('turns labels split across pieces into numbered, verified markers', async () => {
    const { streamed, book, stream } = await rewrite([
      'Firesafe AS leverte sprinkleranlegget i 2019 [',
      'S',
      '1]. Ferdig.',
    ]);
    expect(streamed).toBe('Firesafe AS leverte sprinkleranlegget i 2019 [1]. Ferdig.');
    expect(stream.text).toBe(streamed);
    expect(book.citations()[0]!.citedText).toBe('Sprinkleranlegget ble levert av Firesafe AS i 2019.');
  });

  it('drops labels it cannot verify, with the space before them, and keeps other brackets', async () => {
    const { streamed, book } = await rewrite([
      'Dørene skal ha EI2 30 [S1][S7]. Heisen er fra Otis [S1]. Se [merknad]. Tall [3] uten kilde.',
    ]);
    expect(streamed).toBe('Dørene skal ha EI2 30 [1]. Heisen er fra Otis. Se [merknad]. Tall uten kilde.');
    expect(book.citations().map((c) => c.citedText)).toEqual(['Dørene skal ha brannklasse EI2 30.']);
  });
});

describe('the LLM answerer', () => {
  function context(overrides: Partial<AnswerContext> = {}): AnswerContext {
    return {
      question: 'Hvem leverte sprinkleranlegget?',
      language: 'nb',
      mode: 'fast',
      history: [],
      attachedDocumentIds: [],
      tools: {
        retrieve: async () => [passage()],
        readPassages: async () => [],
        readPage: async () => [],
        categoryCounts: async () => [{ category: '36', count: 2 }],
      },
      citations: new CitationBook({ repository: repository(), scope }),
      signal: new AbortController().signal,
      ...overrides,
    };
  }

  async function run(answerer: ReturnType<typeof createLlmAnswerer>, ctx: AnswerContext) {
    const events = [];
    const generator = answerer.answer(ctx);
    for (;;) {
      const next = await generator.next();
      if (next.done) return { events, outcome: next.value };
      events.push(next.value);
    }
  }

  it('answers from the passages it was given when the model calls no tool', async () => {
    const model = createFakeChatModel(() => [
      { type: 'text', text: 'Firesafe AS leverte anlegget i 2019 [S1].' },
      { type: 'done', stopReason: 'stop' },
    ]);
    const { events, outcome } = await run(createLlmAnswerer({ model }), context());
    expect(outcome.answer).toBe('Firesafe AS leverte anlegget i 2019 [1].');
    expect(
      events
        .filter((e) => e.type === 'text')
        .map((e) => (e as { text: string }).text)
        .join(''),
    ).toBe(outcome.answer);
    expect(model.requests[0]!.messages[0]).toMatchObject({
      role: 'user',
      content: expect.stringContaining('[S1] document_id=doc-1'),
    });
    expect(model.requests[0]!.system).toContain('Norwegian Bokmål');
  });

  it("tells the model each passage's language, and to answer in the asked one", async () => {
    const model = createFakeChatModel(() => [
      { type: 'text', text: 'Firesafe AS leverte anlegget [S1].' },
      { type: 'done', stopReason: 'stop' },
    ]);
    const english = passage({ language: 'en' });
    const base = context();
    await run(createLlmAnswerer({ model }), { ...base, tools: { ...base.tools, retrieve: async () => [english] } });
    expect(model.requests[0]!.messages[0]).toMatchObject({
      content: expect.stringContaining(
        '[S1] document_id=doc-1 file="Brannteknisk rapport.pdf" page=2 language=English',
      ),
    });
    expect(model.requests[0]!.system).toContain('Write the answer in Norwegian Bokmål, whatever the language');
  });

  it('treats text before a tool call as thinking, and makes the last step answer without tools', async () => {
    const model = createFakeChatModel((_request, turn) => [
      { type: 'text', text: 'La meg se i kategoriene.' },
      { type: 'tool_call', call: { id: `c${turn}`, name: 'list_categories', arguments: {} } },
      { type: 'done', stopReason: 'tool_calls' },
    ]);
    const { events, outcome } = await run(createLlmAnswerer({ model }), context());
    expect(model.requests.map((r) => r.toolChoice)).toEqual(['auto', 'none']);
    expect(events).toContainEqual({ type: 'thinking', text: 'La meg se i kategoriene.' });
    expect(events).toContainEqual({
      type: 'action',
      state: 'completed',
      value: 'listing document categories',
      result: '1 categories',
    });
    // the second (last) turn's text is the answer, even though the fake model still asked for a tool
    expect(outcome.answer).toBe('La meg se i kategoriene.');
  });
});

describe('LLM configuration', () => {
  it('defaults to the built-in answerer and validates the model settings, naming the variable', () => {
    expect(loadConfig({}).llm).toEqual({ provider: 'builtin' });
    expect(
      loadConfig({ LLM_PROVIDER: 'openai', LLM_BASE_URL: 'http://localhost:11434/v1/', LLM_MODEL: 'llama3.1' }).llm,
    ).toEqual({
      provider: 'openai',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: null,
      model: 'llama3.1',
      timeoutMs: 60_000,
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as { problems: { variable: string; message: string }[] }).problems;
      }
    };
    expect(problems({ LLM_PROVIDER: 'gemini' }).map((p) => p.variable)).toEqual(['LLM_PROVIDER']);
    expect(problems({ LLM_PROVIDER: 'anthropic' }).map((p) => p.variable)).toEqual(['LLM_MODEL', 'LLM_API_KEY']);
    expect(problems({ LLM_PROVIDER: 'openai', LLM_MODEL: 'm', LLM_TIMEOUT_MS: '10' }).map((p) => p.variable)).toEqual([
      'LLM_TIMEOUT_MS',
      'LLM_API_KEY',
    ]);
    const secret = problems({ LLM_PROVIDER: 'openai', LLM_BASE_URL: 'not a url sk-secret', LLM_MODEL: 'm' });
    expect(JSON.stringify(secret)).not.toContain('sk-secret');
  });
});

describe('the built-in answerer deciding whether the documents hold the answer', () => {
  async function answer(question: string, retrieved: Passage[], doc2Text?: string): Promise<string> {
    const context: AnswerContext = {
      question,
      language: 'nb',
      mode: 'balanced',
      history: [],
      attachedDocumentIds: [],
      citations: new CitationBook({ repository: repository(doc2Text), scope }),
      signal: new AbortController().signal,
      tools: {
        retrieve: async () => retrieved,
        readPassages: async () => [],
        readPage: async () => [],
        categoryCounts: async () => [],
      },
    };
    const events = createBuiltinAnswerer().answer(context);
    for (;;) {
      const next = await events.next();
      if (next.done) return next.value.answer;
    }
  }

  const question = 'Hvem leverte sprinkleranlegget i parkeringskjelleren?';

  it('answers from a sentence that holds the question, when the building holds its words', async () => {
    const text = await answer(question, [passage({ queryShare: 0.9, queryUnmatchedShare: 0 })]);
    expect(text).toBe('Sprinkleranlegget ble levert av Firesafe AS i 2019 [1].');
  });

  it('says "not found" when words carrying most of the question stand in no document', async () => {
    const text = await answer(question, [passage({ queryShare: 0.9, queryUnmatchedShare: 0.7 })]);
    expect(text).toBe('Jeg fant ikke svaret på dette i dokumentene.');
  });

  it('adds the sentence naming what a "hvilket ..." question asks for when the best one only names its subject', async () => {
    const text =
      'FDV-dokumentasjon for varmepumpe VP01, korrigert utgave fra leverandør. Filteret på kaldsiden skal rengjøres ' +
      'hver 6. måned. Kuldemediet er R32.';
    const fdv = passage({
      documentId: 'doc-2',
      filename: 'notat.txt',
      pageNumber: 1,
      charEnd: text.length,
      text,
      queryShare: 0.8,
      queryUnmatchedShare: 0.3,
    });
    expect(await answer('Hvilket kuldemedium bruker varmepumpen VP01?', [fdv], text)).toMatch(/Kuldemediet er R32/);
  });

  it('says "not found" when the sentence\'s document matches too little of the question in the building', async () => {
    const text = await answer(question, [passage({ queryShare: 0.2, queryUnmatchedShare: 0 })]);
    expect(text).toBe('Jeg fant ikke svaret på dette i dokumentene.');
  });
});
