import MiniSearch from 'minisearch';
import { chatDocId, chatTitleOf, type SearchDoc } from './documents';
import { fuzzinessOf, indexTerm, parseQuery, wordsOf } from './terms';

/** The most results shown: drawing more would cost every keystroke, and she can type more. */
export const RESULT_LIMIT = 50;

export interface SearchHit {
  doc: SearchDoc;
  /**
   * The title of the hit's chat as it is now (a chat renamed since its message was kept); ''
   * for a memory, which is of no one chat.
   */
  chatTitle: string;
  /** The terms of its text that matched (terms.ts), to mark them. */
  terms: string[];
}

export interface SearchAnswer {
  /** The best first, at most the limit asked for. */
  hits: SearchHit[];
  /** How many matched in all. */
  total: number;
}

/** Adding documents pauses after this long, so a keystroke or a frame is never kept waiting. */
const SLICE_MS = 8;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The one field each kind of document is found by. */
const FIELD_OF: Readonly<Record<SearchDoc['kind'], string>> = {
  chat: 'title',
  message: 'words',
  memory: 'memory',
};

function createMiniSearch(): MiniSearch<SearchDoc> {
  return new MiniSearch<SearchDoc>({
    // A chat is found by its title (which counts double), a message by its words, a memory by
    // its line. A field per kind: how rare a word is is counted in each field (BM25), so her
    // few memories are not ranked below, and cut off under, a hundred messages with their word.
    fields: ['title', 'words', 'memory'],
    extractField: (doc, field) => {
      // A field a kind has not is left out (not ''), or it would count in the field's
      // average length, which weighs every match in it (BM25).
      if (field === 'id') return doc.id;
      return field === FIELD_OF[doc.kind] ? doc.text : undefined;
    },
    tokenize: wordsOf,
    processTerm: indexTerm,
    searchOptions: {
      boost: { title: 2 },
      combineWith: 'AND',
      // A query reaches MiniSearch already made into terms (parseQuery).
      tokenize: (terms) => terms.split(' '),
      processTerm: (term) => term,
    },
  });
}

/** Whether a document the index holds reads as `doc` does (then it is not indexed again). */
function unchanged(kept: SearchDoc, doc: SearchDoc): boolean {
  if (kept.text !== doc.text || kept.timestamp !== doc.timestamp) return false;
  if (kept.persona !== doc.persona) return false;
  // A memory shows what it is about apart from what is kept of it: its line alone does not
  // say where one ends ("a: b: c").
  return kept.kind !== 'memory' || (doc.kind === 'memory' && kept.subject === doc.subject);
}

/**
 * Her history, searchable as she types (MiniSearch, in memory). `update` brings it to what the
 * device holds, adding and dropping only what changed, a slice at a time; `search` answers
 * from what it holds at that moment.
 */
export class SearchIndex {
  private readonly mini = createMiniSearch();
  /** What it holds, by id. */
  private readonly docs = new Map<string, SearchDoc>();
  /** The newest documents asked for and not taken up yet. */
  private wanted: Iterable<SearchDoc> | null = null;
  private running: Promise<void> | null = null;

  /**
   * Brings the index to `docs`, everything search should find now. Calls made while one runs
   * are taken in turn, only the newest of them; resolves once the newest is in.
   */
  update(docs: Iterable<SearchDoc>): Promise<void> {
    this.wanted = docs;
    this.running ??= this.takeWanted();
    return this.running;
  }

  private async takeWanted(): Promise<void> {
    try {
      while (this.wanted) {
        const docs = this.wanted;
        this.wanted = null;
        await this.bringTo(docs);
      }
    } finally {
      this.running = null;
    }
  }

  /** Reads `docs` in slices of SLICE_MS: 50,000 of them take a second to add, a tenth to compare. */
  private async bringTo(docs: Iterable<SearchDoc>): Promise<void> {
    const seen = new Set<string>();
    let until = performance.now() + SLICE_MS;
    for (const doc of docs) {
      // The clock is read every 64 documents: reading it costs as much as comparing one.
      if (seen.size % 64 === 0 && performance.now() > until) {
        await nextTask();
        until = performance.now() + SLICE_MS;
      }
      seen.add(doc.id);
      const kept = this.docs.get(doc.id);
      if (kept && unchanged(kept, doc)) continue;
      if (kept) this.mini.discard(doc.id);
      this.mini.add(doc);
      this.docs.set(doc.id, doc);
    }
    for (const id of this.docs.keys()) {
      if (seen.has(id)) continue;
      this.mini.discard(id);
      this.docs.delete(id);
    }
  }

  /**
   * The best `limit` documents holding every word of `query` (its last word as a prefix while
   * she types it, a long word with a typo), or null when the query has nothing to look for yet.
   */
  search(query: string, limit = RESULT_LIMIT): SearchAnswer | null {
    const parsed = parseQuery(query);
    if (!parsed) return null;
    const { terms, lastIsPrefix } = parsed;
    const results = this.mini.search(terms.join(' '), {
      prefix: (_term, index) => lastIsPrefix && index === terms.length - 1,
      fuzzy: fuzzinessOf,
    });
    const hits = results.slice(0, limit).map((result): SearchHit => {
      const doc = this.docs.get(result.id as string)!;
      const chatTitle =
        doc.kind === 'memory'
          ? ''
          : (this.docs.get(chatDocId(doc.chatId))?.text ?? chatTitleOf('', doc.persona));
      return { doc, chatTitle, terms: result.terms };
    });
    return { hits, total: results.length };
  }
}
