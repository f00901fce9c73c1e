package dev.relearn.feedback.index;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.EvidenceCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.lucene.feedback.ChunkEvidence;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Query;

/**
 * The documents of the events index (the one durable form of feedback besides the log) and the
 * queries that select them: an event (id, session hash and time indexed; the {@link EventCodec}
 * bytes, vector protected when the store protects vectors; its evidence, the cluster it joined
 * and its sequence number), or a link: a chunk renamed ({@link #CHUNK}) or a cluster merged by
 * compaction ({@link #CLUSTER}).
 */
final class EventFields {
  static final String EVENT_ID = "event_id";
  static final String SESSION = "session";
  static final String TIME = "time";
  static final String SEQ = "seq";
  static final String EVENT = "event";
  static final String EVIDENCE = "evidence";
  static final String JOINED = "cluster";
  /** A link's kind and old id, indexed: the key for updates and deletes. */
  static final String LINK_FROM = "link_from";
  static final String LINK_TO = "link_to";
  /** The prefix of a chunk rename's {@link #LINK_FROM}. */
  static final String CHUNK = "chunk:";
  /** The prefix of a compaction merge's {@link #LINK_FROM}. */
  static final String CLUSTER = "cluster:";

  private EventFields() {}

  /** The document of {@code event}, which taught {@code evidence} and joined {@code cluster}. */
  static Document event(FeedbackEvent event, Map<String, ChunkEvidence> evidence, String cluster,
      long seq) {
    Document doc = new Document();
    doc.add(new StringField(EVENT_ID, event.eventId(), Field.Store.NO));
    doc.add(new StringField(SESSION, event.sessionHash(), Field.Store.NO));
    doc.add(new LongPoint(TIME, event.timestampMillis()));
    doc.add(new StoredField(SEQ, seq));
    doc.add(new StoredField(EVENT, EventCodec.encode(event)));
    doc.add(new StoredField(EVIDENCE, EvidenceCodec.encodeChunks(evidence)));
    doc.add(new StoredField(JOINED, cluster));
    return doc;
  }

  /** The document of a link from {@code from} (prefixed by its kind) to {@code to}. */
  static Document link(String from, String to) {
    Document doc = new Document();
    doc.add(new StringField(LINK_FROM, from, Field.Store.YES));
    doc.add(new StoredField(LINK_TO, to));
    return doc;
  }

  /** The term of the link from {@code from} (prefixed by its kind). */
  static Term linkOf(String from) {
    return new Term(LINK_FROM, from);
  }

  /** The term of the events of session {@code sessionHash}. */
  static Term sessionOf(String sessionHash) {
    return new Term(SESSION, sessionHash);
  }

  /** The events recorded before {@code cutoffMillis}. */
  static Query before(long cutoffMillis) {
    return LongPoint.newRangeQuery(TIME, Long.MIN_VALUE, cutoffMillis - 1);
  }
}
