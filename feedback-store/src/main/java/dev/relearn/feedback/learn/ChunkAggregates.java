package dev.relearn.feedback.learn;

import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.SessionCap;
import dev.relearn.feedback.index.SessionBudget;
import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The authoritative learned statistics of every chunk, in memory and thread-safe; the chunk
 * index's doc values mirror them ({@link LearnedFieldUpdater}).
 *
 * <p>Each aggregate is {@code Σ over sessions of capped(Σ that session's evidence)}: per (chunk,
 * session) clicks, successes and failures count at most the per-session cap, examinations
 * {@link SessionCap#EXAMINATION_FACTOR} times that, scaled so a capped session keeps its rates
 * ({@link ChunkLedger#capped}). Raw sums are fixed point, so the aggregates are bit-identical
 * whatever the order of the evidence. A session over its {@link SessionBudget} adds nothing here
 * (docs/RANKING.md section 3). {@code lastUsedMillis} is the latest click, never a mere showing.
 * Adding an event twice counts it twice: deduplicate by event id first.
 */
public final class ChunkAggregates {
  /** The default per-session cap on clicks, successes and failures. */
  public static final double DEFAULT_PER_SESSION_CAP = 3.0;
  /** The largest accepted per-session cap. */
  public static final double MAX_PER_SESSION_CAP = 1e6;

  private final long[] limits;
  private final ConcurrentHashMap<String, ChunkLedger> ledgers = new ConcurrentHashMap<>();
  /** Each session hash's number, by which the ledgers know it (a hash is 4 bytes there). */
  private final ConcurrentHashMap<String, Integer> sessions = new ConcurrentHashMap<>();
  private final AtomicInteger sessionCount = new AtomicInteger();
  private int[] sessionEvents = new int[16]; // by session number
  private final SegmentLedgers bySegment = new SegmentLedgers(this);
  private volatile Object absentMark = new Object(); // replaced after each new ledger

  /** Aggregates with the {@link #DEFAULT_PER_SESSION_CAP default cap}. */
  public ChunkAggregates() {
    this(DEFAULT_PER_SESSION_CAP);
  }

  /** Aggregates capping each session's clicks, successes and failures per chunk at the cap. */
  public ChunkAggregates(double perSessionCap) {
    if (!(perSessionCap > 0 && perSessionCap <= MAX_PER_SESSION_CAP)) {
      throw new IllegalArgumentException("per-session cap must be in (0, " + MAX_PER_SESSION_CAP
          + "], got: " + perSessionCap);
    }
    long cap = NanoCounts.of(perSessionCap);
    this.limits = new long[NanoCounts.SIZE];
    limits[NanoCounts.EXAMINATIONS] = NanoCounts.of(perSessionCap * SessionCap.EXAMINATION_FACTOR);
    limits[NanoCounts.CLICKS] = cap;
    limits[NanoCounts.SUCCESSES] = cap;
    limits[NanoCounts.FAILURES] = cap;
  }

  /** Recomputes aggregates from scratch from every event, in any order. */
  public static ChunkAggregates recompute(Iterable<FeedbackEvent> events, EventEvidence evidence,
      double perSessionCap) {
    ChunkAggregates aggregates = new ChunkAggregates(perSessionCap);
    for (FeedbackEvent event : events) {
      aggregates.add(event, evidence);
    }
    return aggregates;
  }

  /** Adds what one event taught; returns the new values of every chunk it touched, in order. */
  public Map<String, LearnedValues> add(FeedbackEvent event, EventEvidence evidence) {
    return addEvent(event.sessionHash(), evidence.of(event), event.timestampMillis());
  }

  /**
   * Adds what one event of {@code sessionHash} taught, counting it against its {@link
   * SessionBudget}: the event that takes a session over takes out all it added, and its later
   * events add nothing. Events come one at a time. Returns the new values of the chunks changed.
   */
  public Map<String, LearnedValues> addEvent(String sessionHash,
      Map<String, ChunkEvidence> evidence, long whenMillis) {
    Map<String, LearnedValues> changed = new LinkedHashMap<>();
    int session = number(sessionHash);
    int events = countEvent(session);
    if (events == SessionBudget.EVENTS + 1) {
      ledgers.forEach((chunkId, ledger) -> {
        if (ledger.remove(session, limits)) {
          changed.put(chunkId, ledger.values());
        }
      });
    }
    if (events <= SessionBudget.EVENTS) {
      evidence.forEach((chunkId, chunkEvidence) -> changed.put(chunkId,
          add(chunkId, chunkEvidence, whenMillis, sessionHash)));
    }
    return changed;
  }

  /** The number by which the ledgers know {@code sessionHash}. */
  private int number(String sessionHash) {
    return sessions.computeIfAbsent(sessionHash, s -> sessionCount.getAndIncrement());
  }

  /** Counts one more event of {@code session}: its events so far. */
  private synchronized int countEvent(int session) {
    if (session >= sessionEvents.length) {
      sessionEvents = Arrays.copyOf(sessionEvents, Math.max(session + 1, 2 * sessionEvents.length));
    }
    return ++sessionEvents[session];
  }

  /**
   * Adds one session's evidence about one chunk, within that session's cap; returns its new
   * values. {@code whenMillis} (epoch millis) becomes the last use if the evidence has clicks.
   */
  public LearnedValues add(String chunkId, ChunkEvidence evidence, long whenMillis,
      String sessionHash) {
    requireChunkId(chunkId);
    Objects.requireNonNull(evidence, "evidence");
    Objects.requireNonNull(sessionHash, "sessionHash");
    if (whenMillis < 0) {
      throw new IllegalArgumentException("whenMillis must be >= 0, got: " + whenMillis
          + " for chunk " + chunkId);
    }
    long[] units = NanoCounts.of(evidence);
    long usedAt = evidence.clicks() > 0 ? whenMillis : -1;
    if (usedAt < 0 && Arrays.stream(units).allMatch(unit -> unit == 0)) {
      return get(chunkId);
    }
    ChunkLedger ledger = ledgers.get(chunkId);
    if (ledger == null) {
      ledger = ledgers.computeIfAbsent(chunkId, id -> new ChunkLedger());
      absentMark = new Object(); // after the map: slots that saw no ledger look again
    }
    return ledger.add(number(sessionHash), units, usedAt, limits);
  }

  /**
   * Moves {@code from}'s statistics to {@code to}, which has none (a renamed chunk); returns the
   * values {@code to} now has.
   *
   * @throws IllegalStateException if something was learned about {@code to} already
   */
  public LearnedValues move(String from, String to) {
    requireChunkId(to);
    ChunkLedger ledger = ledgers.remove(from);
    if (ledger == null) {
      return get(to);
    }
    if (ledgers.putIfAbsent(to, ledger) != null) {
      ledgers.put(from, ledger);
      throw new IllegalStateException("cannot move the learned values of " + from + " to " + to
          + ", which has its own");
    }
    absentMark = new Object(); // after the map: slots that saw no ledger for to look again
    return ledger.values();
  }

  /** The values of a chunk; {@link LearnedValues#NEUTRAL} if nothing was learned about it. */
  public LearnedValues get(String chunkId) {
    ChunkLedger ledger = ledgers.get(chunkId);
    return ledger == null ? LearnedValues.NEUTRAL : ledger.values();
  }

  /**
   * Every chunk's values by segment document, for searches: {@link #get} through a per-segment
   * cache of ledgers (see {@link SegmentLedgers}), so always exactly what {@code get} returns.
   */
  public LearnedValuesSource bySegment() {
    return bySegment;
  }

  ChunkLedger ledger(String chunkId) {
    return ledgers.get(chunkId);
  }

  /** Replaced after a ledger is created: an "absent" slot marked with an older one is stale. */
  Object absentMark() {
    return absentMark;
  }

  /** A chunk's capped totals before {@link #get} rounds them (weighted, so maybe fractional). */
  public ChunkEvidence totals(String chunkId) {
    ChunkLedger ledger = ledgers.get(chunkId);
    return ledger == null ? ChunkEvidence.NONE : ledger.totals();
  }

  /** The ids of every chunk something was learned about, sorted; a snapshot. */
  public Set<String> chunkIds() {
    return new TreeSet<>(ledgers.keySet());
  }

  /** The number of chunks something was learned about. */
  public int size() {
    return ledgers.size();
  }

  /** Every chunk's values, sorted by id; a snapshot (each chunk consistent on its own). */
  public Map<String, LearnedValues> snapshot() {
    Map<String, LearnedValues> out = new LinkedHashMap<>();
    for (String chunkId : chunkIds()) {
      ChunkLedger ledger = ledgers.get(chunkId);
      if (ledger != null) {
        out.put(chunkId, ledger.values());
      }
    }
    return out;
  }

  private static void requireChunkId(String chunkId) {
    Objects.requireNonNull(chunkId, "chunkId");
    if (chunkId.isBlank()) {
      throw new IllegalArgumentException("chunk id must not be blank, got: '" + chunkId + "'");
    }
  }
}
