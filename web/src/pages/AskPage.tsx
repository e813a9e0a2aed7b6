import { ByggdokApiError, type Answer } from '@byggdok/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api, signInAgain, unwrap } from '../api.js';
import { useDraft } from '../use-draft.js';
import { problemText } from '../problems.js';
import { formatsFor } from '../format.js';

type Mode = 'fast' | 'balanced' | 'deep';
interface Turn {
  question: string;
  /** the text streamed so far, then the final answer */
  text: string;
  answer: Answer | null;
  error: string | null;
  searching: string | null;
}

/** an answer's text with its [n] markers as links to the cited passage */
export function AnswerText(props: { answer: Answer; documentLink: (citation: string) => string }) {
  const parts = props.answer.answer.split(/(\[\d+\])/);
  return (
    <p className="answer-text">
      {parts.map((part, index) => {
        const marker = /^\[(\d+)\]$/.exec(part)?.[1];
        if (!marker || !props.answer.citations[marker]) return part;
        return (
          <Link key={index} to={props.documentLink(marker)} className="citation">
            [{marker}]
          </Link>
        );
      })}
    </p>
  );
}

/**
 * Where a citation leads: the cited document (in its own building: answers across buildings cite several) at the
 * cited page, with the passage to show.
 */
export function citationHref(params: {
  ownerId: string;
  buildingId?: string | undefined;
  answer: Answer;
  marker: string;
}) {
  const citation = params.answer.citations[params.marker]!;
  const buildingId =
    params.answer.cited_documents.find((d) => d.id === citation.document_id)?.building_id ?? params.buildingId;
  const query = new URLSearchParams({ quote: citation.cited_text });
  if (citation.page_number) query.set('page', String(citation.page_number));
  return `/owners/${params.ownerId}/buildings/${buildingId}/documents/${citation.document_id}?${query.toString()}`;
}

/**
 * A chat with a building's documents, or (no building in the path) with all the owner's buildings the person reads:
 * answers stream in, citations open the cited page with the passage; earlier threads are listed and resumed.
 */
export function AskPage() {
  const { t, i18n } = useTranslation();
  const { ownerId = '', buildingId } = useParams();
  const [search, setSearch] = useSearchParams();
  const openThread = search.get('thread');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [mode, setMode] = useState<Mode>('balanced');
  // '': the answer follows the question's language (the service tells it); else the language the person picked
  const [answerLanguage, setAnswerLanguage] = useState<'' | 'nb' | 'en'>('');
  const [busy, setBusy] = useState(false);
  const [draft, setDraft, clearDraft] = useDraft(`ask:${ownerId}:${buildingId ?? ''}`);
  const thread = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const queries = useQueryClient();
  const threadsKey = ['threads', ownerId, buildingId ?? null];
  const threads = useQuery({
    queryKey: threadsKey,
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/ask/threads', {
          params: { path: { buildingOwnerId: ownerId }, query: buildingId ? { building_id: buildingId } : {} },
        }),
      ),
  });
  // a thread picked from the list (or linked): its turns, to read and continue
  const resumed = useQuery({
    queryKey: ['thread', ownerId, openThread],
    enabled: openThread !== null && openThread !== thread.current,
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/ask/threads/{threadId}', {
          params: { path: { buildingOwnerId: ownerId, threadId: openThread! } },
        }),
      ),
  });
  useEffect(() => {
    // a thread that arrives after the person started over (or opened another) is not shown over what they chose
    if (!resumed.data || resumed.data.thread_id !== openThread) return;
    thread.current = resumed.data.thread_id;
    setTurns(
      resumed.data.turns.map((turn) => ({
        question: turn.query,
        text: turn.answer.answer,
        answer: { ...turn.answer, follow_up_suggestions: [] },
        error: null,
        searching: null,
      })),
    );
  }, [resumed.data, openThread]);
  const startOver = () => {
    abort.current?.abort();
    thread.current = null;
    setTurns([]);
    setSearch({});
  };

  const change = (index: number, patch: Partial<Turn>) =>
    setTurns((current) => current.map((turn, i) => (i === index ? { ...turn, ...patch } : turn)));

  async function ask(question: string) {
    const index = turns.length;
    setTurns((current) => [...current, { question, text: '', answer: null, error: null, searching: null }]);
    setBusy(true);
    abort.current = new AbortController();
    try {
      const input = {
        query: question,
        mode,
        ...(answerLanguage ? { language: answerLanguage } : {}),
        ...(thread.current ? { thread_id: thread.current } : {}),
      };
      const signal = abort.current.signal;
      const events = buildingId
        ? api.ask.stream({ buildingOwnerId: ownerId, buildingId, signal, input })
        : api.ask.stream({ buildingOwnerId: ownerId, signal, input });
      for await (const event of events) {
        if (event.type === 'start') {
          clearDraft();
          thread.current = event.data.thread_id;
          setSearch({ thread: event.data.thread_id }, { replace: true });
        } else if (event.type === 'action')
          // the service names its step in English ('searching documents: "…"'): the app says it, with only the query
          change(index, {
            searching:
              event.data.state === 'started' ? (/"(.*)"\s*$/.exec(event.data.value)?.[1] ?? t('ask.reading')) : null,
          });
        else if (event.type === 'text')
          setTurns((current) =>
            current.map((turn, i) => (i === index ? { ...turn, text: turn.text + event.data.text } : turn)),
          );
        else if (event.type === 'finish')
          change(index, { answer: event.data, text: event.data.answer, searching: null });
        else if (event.type === 'error') change(index, { error: event.data.message, searching: null });
      }
    } catch (error) {
      if (error instanceof ByggdokApiError && error.status === 401) signInAgain();
      if ((error as Error).name !== 'AbortError')
        change(index, { error: problemText(t, error as Error), searching: null });
    } finally {
      setBusy(false);
      void queries.invalidateQueries({ queryKey: threadsKey });
    }
  }

  const link = (answer: Answer) => (marker: string) => citationHref({ ownerId, buildingId, answer, marker });

  const dates = { format: formatsFor(i18n.language).dateTime };
  return (
    <section className="ask-layout">
      {/* above the question, not above the conversations: those start level with the page's heading */}
      <p className="ask-back">
        {buildingId ? (
          <Link to={`/owners/${ownerId}/buildings/${buildingId}`}>← {t('document.back')}</Link>
        ) : (
          <Link to="/">← {t('building.back')}</Link>
        )}
      </p>
      <div className="ask-main">
        <h1>{buildingId ? t('ask.title') : t('ask.titleAll')}</h1>
        {resumed.isFetching && <p role="status">{t('loading')}</p>}
        <ol className="turns">
          {turns.map((turn, index) => (
            <li key={index}>
              <p className="question">{turn.question}</p>
              {turn.searching && <p className="muted">{t('ask.searching', { what: turn.searching })}</p>}
              <div className="answer" aria-live="polite" aria-busy={!turn.answer && !turn.error}>
                {turn.answer ? (
                  <AnswerText answer={turn.answer} documentLink={link(turn.answer)} />
                ) : (
                  <p>{turn.text}</p>
                )}
                {turn.error && (
                  <p role="alert" className="failure">
                    {t('error', { detail: turn.error })}
                  </p>
                )}
              </div>
              {turn.answer && Object.keys(turn.answer.citations).length === 0 && (
                <p className="muted not-found">{t('ask.notFound')}</p>
              )}
              {turn.answer && Object.keys(turn.answer.citations).length > 0 && (
                <ol className="citations">
                  {Object.entries(turn.answer.citations).map(([marker, citation]) => (
                    <li key={marker} value={Number(marker)}>
                      <Link to={link(turn.answer!)(marker)}>
                        {turn.answer!.cited_documents.find((d) => d.id === citation.document_id)?.filename ??
                          citation.document_id}
                        {citation.page_number ? `, ${t('ask.page', { page: citation.page_number })}` : ''}
                      </Link>
                      <blockquote>{citation.cited_text}</blockquote>
                    </li>
                  ))}
                </ol>
              )}
              {turn.answer && index === turns.length - 1 && turn.answer.follow_up_suggestions.length > 0 && (
                <div className="suggestions">
                  {turn.answer.follow_up_suggestions.map((suggestion) => (
                    <button key={suggestion} type="button" disabled={busy} onClick={() => void ask(suggestion)}>
                      {suggestion}
                    </button>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ol>
        <form
          className="ask-form"
          onSubmit={(event) => {
            event.preventDefault();
            const question = draft.trim();
            // the draft stays until the service has taken the question: a lost session leaves it in the box
            if (question && !busy) void ask(question);
          }}
        >
          <label className="question-field">
            {t('ask.question')}
            <textarea
              name="question"
              rows={2}
              required
              maxLength={5000}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <label>
            {t('ask.mode')}
            <select value={mode} aria-label={t('ask.mode')} onChange={(event) => setMode(event.target.value as Mode)}>
              <option value="fast">{t('ask.fast')}</option>
              <option value="balanced">{t('ask.balanced')}</option>
              <option value="deep">{t('ask.deep')}</option>
            </select>
          </label>
          <label>
            {t('ask.answerLanguage')}
            <select
              value={answerLanguage}
              aria-label={t('ask.answerLanguage')}
              onChange={(event) => setAnswerLanguage(event.target.value as '' | 'nb' | 'en')}
            >
              <option value="">{t('ask.followQuestion')}</option>
              <option value="nb">{t('languages.nb')}</option>
              <option value="en">{t('languages.en')}</option>
            </select>
          </label>
          <button type="submit" disabled={busy}>
            {t('ask.send')}
          </button>
          {busy && (
            <button type="button" onClick={() => abort.current?.abort()}>
              {t('ask.stop')}
            </button>
          )}
        </form>
      </div>
      {/* after the question in the page's order (a phone shows it below); beside it, on the left, on a wide screen */}
      <aside className="threads" aria-label={t('ask.threads')}>
        <button type="button" onClick={startOver}>
          {t('ask.new')}
        </button>
        <h2>{t('ask.threads')}</h2>
        {threads.data && threads.data.threads.length === 0 && <p className="muted">{t('ask.noThreads')}</p>}
        <ul>
          {threads.data?.threads.map((item) => (
            <li key={item.thread_id}>
              <Link
                to={`?thread=${item.thread_id}`}
                aria-current={item.thread_id === (openThread ?? thread.current) ? 'page' : undefined}
              >
                {item.first_question}
              </Link>
              <div className="muted">
                {dates.format(new Date(item.updated_at))} · {t('ask.turns', { count: item.turns })}
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </section>
  );
}
