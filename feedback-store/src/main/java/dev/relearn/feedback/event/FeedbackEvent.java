package dev.relearn.feedback.event;

import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.schema.Require;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One piece of feedback: a search's results were used, and the task they served ended somehow.
 * The query is only a vector: its text was embedded at the API boundary and dropped.
 *
 * @param eventId unique id; a client may supply it as an idempotency key (at most 128 printable
 *     ASCII characters)
 * @param sessionHash the session, hashed with the per-install salt ({@link SessionHasher})
 * @param queryVector the query embedding (copied in and out)
 * @param shown the results shown, with their ranks; may be empty when nothing was shown
 * @param used the chunk ids used or clicked; at least one
 * @param outcome how the task ended
 * @param rating an explicit rating, or null
 * @param quality a quality score in [0, 1], or null
 * @param signal how the used chunks were found
 * @param timestampMillis when it happened, epoch millis
 * @param queryClass the class of the query (a lower-case label such as {@code identifier}, for
 *     dashboards), or null
 */
public record FeedbackEvent(String eventId, String sessionHash, float[] queryVector,
    List<ShownResult> shown, List<String> used, Outcome outcome, Rating rating, Double quality,
    SignalClass signal, long timestampMillis, String queryClass) {
  /** The longest accepted event id. */
  public static final int MAX_EVENT_ID_LENGTH = 128;
  /** The longest accepted session hash: the events index keeps it as one Lucene term. */
  public static final int MAX_SESSION_LENGTH = 1024;

  /** Checks an event id: 1 to {@link #MAX_EVENT_ID_LENGTH} printable ASCII, no spaces. */
  public static void requireValidEventId(String eventId) {
    if (eventId.isEmpty() || eventId.length() > MAX_EVENT_ID_LENGTH
        || !eventId.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
      throw new IllegalArgumentException("event id must be 1 to " + MAX_EVENT_ID_LENGTH
          + " printable ASCII characters without spaces, got: '"
          + (eventId.length() > 60 ? eventId.substring(0, 60) + "..." : eventId) + "'");
    }
  }

  /** Checks used chunk ids: none blank, none twice; the exception names the first bad one. */
  public static void requireDistinctIds(List<String> used) {
    Set<String> seen = new HashSet<>();
    for (String id : used) {
      if (id.isBlank() || !seen.add(id)) {
        throw new IllegalArgumentException("used chunk ids must be non-blank and distinct, got "
            + (id.isBlank() ? "a blank one" : "'" + (id.length() > 60 ? id.substring(0, 60)
                + "..." : id) + "' twice"));
      }
    }
  }

  /** Checks what was shown: no null, no chunk twice (the exception names it). */
  public static void requireDistinctShown(List<ShownResult> shown) {
    Set<String> shownIds = new HashSet<>();
    for (ShownResult result : shown) {
      if (result == null) {
        throw new IllegalArgumentException("shown must not contain null");
      }
      if (!shownIds.add(result.chunkId())) {
        throw new IllegalArgumentException("chunk " + result.chunkId() + " is shown twice");
      }
    }
  }

  /** Validates everything; messages name the bad value (never query text: there is none). */
  public FeedbackEvent {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(sessionHash, "sessionHash");
    Objects.requireNonNull(queryVector, "queryVector");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(signal, "signal");
    requireValidEventId(eventId);
    if (sessionHash.length() > MAX_SESSION_LENGTH) {
      throw new IllegalArgumentException("event " + eventId + ": a session hash has at most "
          + MAX_SESSION_LENGTH + " characters, got " + sessionHash.length());
    }
    if (queryVector.length == 0) {
      throw new IllegalArgumentException("query vector must not be empty");
    }
    for (int i = 0; i < queryVector.length; i++) {
      if (!Float.isFinite(queryVector[i])) {
        throw new IllegalArgumentException("query vector has " + queryVector[i]
            + " at component " + i);
      }
    }
    queryVector = queryVector.clone();
    requireDistinctShown(shown); // before the copy, which would fail on a null without a word
    shown = List.copyOf(shown);
    used = List.copyOf(used);
    if (used.isEmpty()) {
      throw new IllegalArgumentException("used must name at least one chunk id");
    }
    requireDistinctIds(used);
    if (quality != null) {
      Require.inUnitInterval("quality", quality);
    }
    Require.nonNegative("timestamp", timestampMillis);
    if (queryClass != null && !queryClass.matches("[a-z_]{1,32}")) {
      throw new IllegalArgumentException("query class must be a lower-case label, got: '"
          + queryClass + "'");
    }
  }

  /** A copy of the query vector. */
  @Override
  public float[] queryVector() {
    return queryVector.clone();
  }

  /** This event with another query vector (for example a protected one). */
  public FeedbackEvent withQueryVector(float[] vector) {
    return new FeedbackEvent(eventId, sessionHash, vector, shown, used, outcome, rating, quality,
        signal, timestampMillis, queryClass);
  }

  /** What this event may teach. */
  public Learnability learnability() {
    return Learnability.of(outcome, quality);
  }

  /** The rank {@code chunkId} was shown at, or 0 if it was not shown. */
  public int rankOf(String chunkId) {
    for (ShownResult result : shown) {
      if (result.chunkId().equals(chunkId)) {
        return result.rank();
      }
    }
    return 0;
  }

  /** Equality by event id: the idempotency key. */
  @Override
  public boolean equals(Object other) {
    return other instanceof FeedbackEvent e && e.eventId.equals(eventId);
  }

  @Override
  public int hashCode() {
    return eventId.hashCode();
  }

  /** A description without the vector. */
  @Override
  public String toString() {
    return "FeedbackEvent[" + eventId + ", session=" + sessionHash + ", used=" + used
        + ", outcome=" + outcome.label() + ", signal=" + signal.label() + ", shown="
        + shown.size() + ", t=" + timestampMillis + "]";
  }
}
