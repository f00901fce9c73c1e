package dev.relearn.engine;

import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.Rating;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.lucene.schema.Require;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Feedback as a caller gives it, with the query as text, which the engine embeds and drops. Build
 * with {@link #of} and the {@code with*} methods.
 *
 * @param used the chunk ids used or clicked; at least one
 * @param rating an explicit rating, or null
 * @param quality a quality score in [0, 1], or null
 * @param session the caller's session id (hashed before storage), or null: the event is then a
 *     session of its own (per-session caps and budgets apply to named sessions)
 * @param eventId an idempotency key, or null for a generated one
 * @param shown what was shown, with ranks; null to take the current top 10 for the query
 * @param explicitSearch the results came from an explicit search request
 * @param afterWiderSearch the used chunks were found by a wider search after the first list
 */
public record FeedbackRequest(String query, List<String> used, Outcome outcome, Rating rating,
    Double quality, String session, String eventId, List<ShownResult> shown,
    boolean explicitSearch, boolean afterWiderSearch) {
  /** The most chunk ids one request may name as used. */
  public static final int MAX_USED = 100;
  /** The longest chunk id a request may name (as long as a query; no chunk id comes close). */
  public static final int MAX_ID_CHARS = SearchRequest.MAX_QUERY_CHARS;
  /** The longest session id, in code points (an MCP context id is one). */
  public static final int MAX_SESSION_CHARS = 200;
  /** The lowest quality score. */
  public static final double MIN_QUALITY = 0;
  /** The highest quality score. */
  public static final double MAX_QUALITY = 1;
  /** The longest idempotency key (event id). */
  public static final int MAX_EVENT_ID_CHARS = FeedbackEvent.MAX_EVENT_ID_LENGTH;

  /** Validates; messages never include the query text. */
  public FeedbackRequest {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(used, "used");
    SearchRequest.requireSearchable("feedback query", query);
    if (SearchRequest.length(query) > SearchRequest.MAX_QUERY_CHARS) { // as a search's
      throw new IllegalArgumentException("feedback query is " + SearchRequest.length(query)
          + " characters long; the limit is " + SearchRequest.MAX_QUERY_CHARS);
    }
    if (used.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("used must not contain null, got: " + used);
    }
    used = List.copyOf(used);
    if (used.isEmpty() || used.size() > MAX_USED) {
      throw new IllegalArgumentException("used must name 1 to " + MAX_USED
          + " chunk ids, got: " + used.size());
    }
    FeedbackEvent.requireDistinctIds(used);
    for (String id : used) {
      if (SearchRequest.length(id) > MAX_ID_CHARS) {
        throw new IllegalArgumentException("a used chunk id is " + SearchRequest.length(id)
            + " characters long; the limit is " + MAX_ID_CHARS + ": " + id.substring(0, 40)
            + "…");
      }
    }
    if (shown != null) {
      FeedbackEvent.requireDistinctShown(shown);
      if (shown.size() > SearchRequest.MAX_K) { // no search shows more
        throw new IllegalArgumentException("shown must list at most " + SearchRequest.MAX_K
            + " results, got: " + shown.size());
      }
      shown = List.copyOf(shown);
    }
    if (session != null && session.isBlank()) { // a client's bug: anonymous is null
      throw new IllegalArgumentException("session must not be blank; leave it out for none");
    }
    if (session != null && SearchRequest.length(session) > MAX_SESSION_CHARS) {
      throw new IllegalArgumentException("session is " + SearchRequest.length(session)
          + " characters long; the limit is " + MAX_SESSION_CHARS);
    }
    if (eventId != null) {
      FeedbackEvent.requireValidEventId(eventId);
    }
    if (quality != null) {
      Require.inUnitInterval("quality", quality); // [MIN_QUALITY, MAX_QUALITY]
    }
  }

  /** Feedback that {@code used} served {@code query}, with no outcome yet. */
  public static FeedbackRequest of(String query, List<String> used) {
    return new FeedbackRequest(query, used, Outcome.NONE, null, null, null, null, null, false,
        false);
  }

  /** With an outcome. */
  public FeedbackRequest withOutcome(Outcome outcome) {
    return new FeedbackRequest(query, used, outcome, rating, quality, session, eventId, shown,
        explicitSearch, afterWiderSearch);
  }

  /** With an outcome by its label ({@code success}, {@code failure}, {@code none}; null: none). */
  public FeedbackRequest withOutcome(String label) {
    return withOutcome(label == null ? Outcome.NONE : Outcome.fromLabel(label));
  }

  /** With a rating as text ({@code +1}, {@code down}, {@code 4} stars...) and/or a quality. */
  public FeedbackRequest withRatingText(String rating, Double quality) {
    return withRating(rating == null ? null : Rating.parse(rating), quality);
  }

  /** With a rating and/or a quality score (either may be null). */
  public FeedbackRequest withRating(Rating rating, Double quality) {
    return new FeedbackRequest(query, used, outcome, rating, quality, session, eventId, shown,
        explicitSearch, afterWiderSearch);
  }

  /** With a session id and an idempotency key (either may be null). */
  public FeedbackRequest withIds(String session, String eventId) {
    return new FeedbackRequest(query, used, outcome, rating, quality, session, eventId, shown,
        explicitSearch, afterWiderSearch);
  }

  /** With what was shown, and how it was found. */
  public FeedbackRequest withShown(List<ShownResult> shown, boolean explicitSearch,
      boolean afterWiderSearch) {
    return new FeedbackRequest(query, used, outcome, rating, quality, session, eventId, shown,
        explicitSearch, afterWiderSearch);
  }

  /** With the hits of {@code results} as what was shown, with ranks and propensities. */
  public FeedbackRequest withShownResults(SearchResults results, boolean explicitSearch,
      boolean afterWiderSearch) {
    List<ShownResult> list = new ArrayList<>(results.hits().size());
    for (int i = 0; i < results.hits().size(); i++) {
      list.add(new ShownResult(results.hits().get(i).chunkId(), i + 1,
          results.propensity(i + 1)));
    }
    return withShown(list, explicitSearch, afterWiderSearch);
  }

  /**
   * Refuses feedback on {@code used} chunks when the index holds none of them ({@code unknown}:
   * the ids it lacks): it could only teach that the chunks shown were skipped. Typically the ids
   * are from before a re-index changed the chunks' text.
   */
  public static void requireSomeIndexed(List<String> used, Collection<String> unknown) {
    if (unknown.containsAll(used)) {
      throw new IllegalArgumentException("none of the used chunk ids is in the index: "
          + used.stream().limit(3).map(id -> "'" + (id.codePointCount(0, id.length()) > 100
          ? id.substring(0, id.offsetByCodePoints(0, 100)) + "…" : id) + "'")
          .collect(Collectors.joining(", ")) + (used.size() > 3 ? " and "
          + (used.size() - 3) + " more" : "") + "; a chunk's id changes with its path or text:"
          + " search again and use the ids it returns");
    }
  }

  /** A description without the query text. */
  @Override
  public String toString() {
    return "FeedbackRequest[queryChars=" + query.length() + ", used=" + used + ", outcome="
        + outcome.label() + ", rating=" + rating + ", quality=" + quality + ", eventId="
        + eventId + ", shown=" + (shown == null ? "derived" : shown.size()) + "]";
  }
}
