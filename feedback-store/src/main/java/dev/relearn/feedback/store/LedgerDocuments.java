package dev.relearn.feedback.store;

import dev.relearn.feedback.event.EventSummary;
import dev.relearn.feedback.event.EvidenceCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.feedback.ChunkEvidence;
import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.IOConsumer;

/**
 * The Lucene documents of an {@link EventLedger}: an event (id, session hash, time, per-chunk
 * evidence and its {@link EventSummary}, no query vector) or a chunk rename (old id to new id); the queries that select
 * events; and what can be read from any ledger reader, the writer's own or another process's
 * last commit ({@link CommittedLedger}), without the ledger's in-memory state.
 */
final class LedgerDocuments {
  static final String EVENT_ID = "event_id";
  static final String SESSION = "session";
  static final String TIME = "time";
  static final String EVIDENCE = "evidence";
  /** The event's {@link EventSummary}, stored in its encoded form. */
  static final String SUMMARY = "summary";
  /** A rename's old id: indexed, so {@link CommittedLedger} finds the renames by their terms. */
  static final String ALIAS_FROM = "alias_from";
  /** A rename's new id, stored. */
  static final String ALIAS_TO = "alias_to";

  private LedgerDocuments() {}

  /** A ledger's size: its events, and the chunks with evidence (what has learned values). */
  record Counts(long events, int chunks) {}

  /** The document of {@code event}, with its evidence. */
  static Document event(FeedbackEvent event, Map<String, ChunkEvidence> evidence) {
    Document doc = new Document();
    doc.add(new StringField(EVENT_ID, event.eventId(), Field.Store.YES));
    doc.add(new StringField(SESSION, event.sessionHash(), Field.Store.YES));
    doc.add(new LongPoint(TIME, event.timestampMillis()));
    doc.add(new StoredField(TIME, event.timestampMillis()));
    doc.add(new StoredField(EVIDENCE, EvidenceCodec.encodeChunks(evidence)));
    doc.add(new StoredField(SUMMARY, EventSummary.of(event).encode()));
    return doc;
  }

  /** The document recording that chunk {@code from} is now {@code to}. */
  static Document rename(String from, String to) {
    Document doc = new Document();
    doc.add(new StringField(ALIAS_FROM, from, Field.Store.YES));
    doc.add(new StoredField(ALIAS_TO, to));
    return doc;
  }

  /** The term of the rename of chunk {@code from}. */
  static Term renameOf(String from) {
    return new Term(ALIAS_FROM, from);
  }

  /** Every event (and no rename). */
  static Query allEvents() {
    return eventsUpTo(Long.MAX_VALUE);
  }

  /** The events of session {@code sessionHash}. */
  static Query ofSession(String sessionHash) {
    return new TermQuery(new Term(SESSION, sessionHash));
  }

  /** The events at or before {@code lastMillis}. */
  static Query eventsUpTo(long lastMillis) {
    return LongPoint.newRangeQuery(TIME, Long.MIN_VALUE, lastMillis);
  }

  /**
   * Calls {@code action} with every live document of {@code reader} in doc-id order, holding
   * {@code fields} only (every field when null).
   */
  static void forEachLive(DirectoryReader reader, Set<String> fields, IOConsumer<Document> action)
      throws IOException {
    StoredFields stored = reader.storedFields();
    for (int doc = 0; doc < reader.maxDoc(); doc++) {
      if (live(reader, doc)) {
        action.accept(fields == null ? stored.document(doc) : stored.document(doc, fields));
      }
    }
  }

  private static boolean live(DirectoryReader reader, int doc) {
    var leaves = reader.leaves();
    var leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    var liveDocs = leaf.reader().getLiveDocs();
    return liveDocs == null || liveDocs.get(doc - leaf.docBase);
  }

  /** Adds the summary of every event of a ledger's {@code reader} to {@code recent}. */
  static void summaries(DirectoryReader reader, RecentEvents recent) throws IOException {
    forEachLive(reader, Set.of(SUMMARY), d -> {
      if (d.get(SUMMARY) != null) {
        recent.add(EventSummary.decode(d.get(SUMMARY)));
      }
    });
  }

  /** How many events a ledger's {@code reader} holds, without reading them (renames are none). */
  static int events(DirectoryReader reader) throws IOException {
    return new IndexSearcher(reader).count(allEvents());
  }

  /**
   * The events of a ledger's {@code reader} and the chunks their evidence names, each counted
   * once under its current id ({@code renamed}: as {@link EventLedger#renamed}).
   */
  static Counts counts(DirectoryReader reader, Map<String, String> renamed) throws IOException {
    long[] events = {0};
    Set<String> chunks = new HashSet<>();
    forEachLive(reader, Set.of(EVENT_ID, EVIDENCE), d -> {
      if (d.get(EVENT_ID) != null) {
        events[0]++;
        for (String chunk : EvidenceCodec.decodeChunks(d.getBinaryValue(EVIDENCE)).keySet()) {
          chunks.add(renamed.getOrDefault(chunk, chunk));
        }
      }
    });
    return new Counts(events[0], chunks.size());
  }
}
