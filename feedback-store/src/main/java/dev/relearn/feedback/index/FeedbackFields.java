package dev.relearn.feedback.index;

import dev.relearn.feedback.event.EvidenceCodec;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.Outcome;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * Every field of a cluster document, and the conversion between a {@link Cluster} and its
 * document. Nothing else in the feedback index names a field.
 *
 * <p>A document holds: the unique {@link #ID}; every merged {@link #EVENT_ID} and every
 * contributing {@link #SESSION} (multi-valued, indexed for idempotency and forget); the {@link
 * #CENTROID} (HNSW, {@code DOT_PRODUCT}, unit length) and its stored copy {@link
 * #CENTROID_STORED}; {@link #EVENTS} (stored and doc values); the evidence per chunk summed over
 * sessions ({@link #EVIDENCE}, read by lookups) and per session ({@link #SESSION_EVIDENCE}, for
 * merging under per-session caps), both in {@link EvidenceCodec} form; {@link #LAST_MILLIS}
 * (point for range deletes, stored, doc values); {@link #FIRST_MILLIS}; {@link #LEARNED} (events
 * that carried evidence); and a stored count per signal class and per outcome.
 */
public final class FeedbackFields {
  /** Bumped whenever a field changes meaning. */
  public static final int VERSION = 1;

  public static final String ID = "cluster_id";
  public static final String EVENT_ID = "event_id";
  public static final String SESSION = "session";
  public static final String CENTROID = "centroid";
  public static final String CENTROID_STORED = "centroid_stored";
  public static final String EVENTS = "events";
  public static final String EVIDENCE = "evidence";
  public static final String SESSION_EVIDENCE = "session_evidence";
  public static final String LAST_MILLIS = "last_millis";
  public static final String FIRST_MILLIS = "first_millis";
  public static final String LEARNED = "learned_events";
  private static final String SIGNAL_PREFIX = "signal_";
  private static final String OUTCOME_PREFIX = "outcome_";

  /** The stored fields a lookup reads: no event ids, sessions or vectors. */
  static final Set<String> LOOKUP_FIELDS = Set.of(ID, EVENTS, EVIDENCE, LAST_MILLIS, SESSION);

  private FeedbackFields() {}

  /** The stored count field of a signal class, e.g. {@code signal_strong}. */
  public static String signalField(SignalClass signal) {
    return SIGNAL_PREFIX + signal.label();
  }

  /** The stored count field of an outcome, e.g. {@code outcome_success}. */
  public static String outcomeField(Outcome outcome) {
    return OUTCOME_PREFIX + outcome.label();
  }

  /** The unique term of a cluster: the key for updates and deletes. */
  public static Term idTerm(String clusterId) {
    return new Term(ID, clusterId);
  }

  /** Matches the cluster holding {@code eventId}, if any. */
  public static Query eventQuery(String eventId) {
    return new TermQuery(new Term(EVENT_ID, eventId));
  }

  /** Matches every cluster {@code sessionHash} contributed to. */
  public static Query sessionQuery(String sessionHash) {
    return new TermQuery(new Term(SESSION, sessionHash));
  }

  /**
   * Matches the clusters none of {@code sessionHashes} contributed to (the ones {@link
   * #sessionQuery} misses for each), or null, matching every cluster, when there are none.
   */
  public static Query withoutSessions(Collection<String> sessionHashes) {
    if (sessionHashes.isEmpty()) {
      return null;
    }
    return new BooleanQuery.Builder()
        .add(MatchAllDocsQuery.INSTANCE, BooleanClause.Occur.FILTER)
        .add(new TermInSetQuery(SESSION, sessionHashes.stream().map(BytesRef::new).toList()),
            BooleanClause.Occur.MUST_NOT)
        .build();
  }

  /** Matches clusters whose last event is before {@code cutoffMillis}. */
  public static Query lastBefore(long cutoffMillis) {
    return cutoffMillis == Long.MIN_VALUE
        ? LongPoint.newSetQuery(LAST_MILLIS)
        : LongPoint.newRangeQuery(LAST_MILLIS, Long.MIN_VALUE, cutoffMillis - 1);
  }

  /** The document of a cluster. */
  static Document document(Cluster cluster) {
    Document doc = new Document();
    doc.add(new StringField(ID, cluster.id(), Field.Store.YES));
    for (String eventId : cluster.eventIds()) {
      doc.add(new StringField(EVENT_ID, eventId, Field.Store.YES));
    }
    for (String session : cluster.sessions()) {
      doc.add(new StringField(SESSION, session, Field.Store.YES));
    }
    float[] centroid = cluster.centroid();
    doc.add(new KnnFloatVectorField(CENTROID, centroid, VectorSimilarityFunction.DOT_PRODUCT));
    doc.add(new StoredField(CENTROID_STORED, vectorBytes(centroid)));
    doc.add(new StoredField(EVENTS, cluster.events()));
    doc.add(new NumericDocValuesField(EVENTS, cluster.events()));
    doc.add(new StoredField(EVIDENCE, EvidenceCodec.encodeChunks(cluster.chunks())));
    doc.add(new StoredField(SESSION_EVIDENCE, EvidenceCodec.encodeSessions(cluster.evidence())));
    doc.add(new LongPoint(LAST_MILLIS, cluster.lastMillis()));
    doc.add(new StoredField(LAST_MILLIS, cluster.lastMillis()));
    doc.add(new NumericDocValuesField(LAST_MILLIS, cluster.lastMillis()));
    doc.add(new StoredField(FIRST_MILLIS, cluster.firstMillis()));
    EventTally tally = cluster.tally();
    doc.add(new StoredField(LEARNED, tally.learned()));
    tally.bySignal().forEach((signal, count) -> doc.add(new StoredField(signalField(signal),
        count)));
    tally.byOutcome().forEach((outcome, count) -> doc.add(new StoredField(outcomeField(outcome),
        count)));
    return doc;
  }

  /**
   * The cluster of a stored document.
   *
   * @throws IllegalStateException if the document is damaged
   */
  static Cluster cluster(Document doc) {
    String id = doc.get(ID);
    try {
      Map<SignalClass, Integer> signals = new EnumMap<>(SignalClass.class);
      for (SignalClass signal : SignalClass.values()) {
        signals.put(signal, intValue(doc, signalField(signal)));
      }
      Map<Outcome, Integer> outcomes = new EnumMap<>(Outcome.class);
      for (Outcome outcome : Outcome.values()) {
        outcomes.put(outcome, intValue(doc, outcomeField(outcome)));
      }
      return new Cluster(id, vector(doc.getBinaryValue(CENTROID_STORED)),
          Arrays.asList(doc.getValues(EVENT_ID)), Set.of(doc.getValues(SESSION)),
          EvidenceCodec.decodeSessions(doc.getBinaryValue(SESSION_EVIDENCE)),
          longValue(doc, FIRST_MILLIS), longValue(doc, LAST_MILLIS),
          new EventTally(signals, outcomes, intValue(doc, LEARNED)));
    } catch (RuntimeException e) {
      throw new IllegalStateException("damaged feedback cluster " + id + ": " + e.getMessage(),
          e);
    }
  }

  /**
   * The evidence per chunk (summed over sessions) of a document loaded with at least {@link
   * #LOOKUP_FIELDS}, as a mutable map.
   *
   * @throws IllegalStateException if the document is damaged
   */
  static Map<String, ChunkEvidence> chunks(Document doc) {
    try {
      return EvidenceCodec.decodeChunks(doc.getBinaryValue(EVIDENCE));
    } catch (RuntimeException e) {
      throw new IllegalStateException("damaged feedback cluster " + doc.get(ID) + ": "
          + e.getMessage(), e);
    }
  }

  static int intValue(Document doc, String field) {
    return numeric(doc, field).intValue();
  }

  static long longValue(Document doc, String field) {
    return numeric(doc, field).longValue();
  }

  private static Number numeric(Document doc, String field) {
    IndexableField value = doc.getField(field);
    if (value == null || value.numericValue() == null) {
      throw new IllegalStateException("stored field " + field + " is missing");
    }
    return value.numericValue();
  }

  /** The vector's components as little-endian floats. */
  static byte[] vectorBytes(float[] vector) {
    ByteBuffer buffer = ByteBuffer.allocate(Float.BYTES * vector.length)
        .order(ByteOrder.LITTLE_ENDIAN);
    buffer.asFloatBuffer().put(vector);
    return buffer.array();
  }

  /** Reads {@link #vectorBytes}. */
  static float[] vector(BytesRef bytes) {
    if (bytes == null || bytes.length % Float.BYTES != 0) {
      throw new IllegalStateException("stored vector is missing or has "
          + (bytes == null ? 0 : bytes.length) + " bytes, not a multiple of " + Float.BYTES);
    }
    float[] vector = new float[bytes.length / Float.BYTES];
    ByteBuffer.wrap(bytes.bytes, bytes.offset, bytes.length).order(ByteOrder.LITTLE_ENDIAN)
        .asFloatBuffer().get(vector);
    return vector;
  }
}
