/**
 * Asks the workers to read again, within seconds, the vocabularies of the buildings a change may have taken words
 * from (a document archived, a folder made private). The change marks its buildings in its own transaction; the
 * workers' round every minute reads the marked ones, so without this ask a building's readers could still tell, for up
 * to a minute, that a word of a document they no longer see is there. Best effort: a failed ask leaves it to that
 * round.
 */
export type VocabularyRefresh = () => Promise<void>;
