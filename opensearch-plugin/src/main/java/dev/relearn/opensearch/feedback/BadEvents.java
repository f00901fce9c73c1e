package dev.relearn.opensearch.feedback;

import dev.relearn.opensearch.search.PastQueriesIndex;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.opensearch.action.bulk.BulkRequestBuilder;
import org.opensearch.action.support.WriteRequest;
import org.opensearch.search.SearchHit;
import org.opensearch.transport.client.Client;

/**
 * The stored events that no pass can learn, found before a batch is learned so that one of them
 * never fails the batch (and every later pass with it): an event {@link FeedbackEvents#check}
 * refuses (stored by an earlier version, or written by hand), or whose vector has another
 * dimension than its chunk index's (recorded by a node that had not yet seen the index
 * recreated). Each is marked {@value FeedbackEvents#SKIPPED} with the reason, which no pass
 * reads again, and logged at WARN with its id. Blocking, on the {@link Learner}'s thread; one
 * instance per batch, which holds the chunk indexes' dimensions it read.
 */
final class BadEvents {
  private static final Logger LOG = LogManager.getLogger(BadEvents.class);
  /** The longest reason stored: a keyword too long for the index would fail the mark. */
  static final int MAX_REASON = 1_000;

  private final Client client;
  private final Map<String, Integer> dimensions = new HashMap<>(); // by chunk index

  BadEvents(Client client) {
    this.client = client;
  }

  /**
   * The events of {@code hits} that can be learned, by document id; the others are marked
   * skipped ({@link #skip}).
   */
  Map<String, Map<String, Object>> sift(SearchHit[] hits) {
    Map<String, String> reasons = new LinkedHashMap<>(); // by document id
    Map<String, Map<String, Object>> learnable = new LinkedHashMap<>();
    for (SearchHit hit : hits) {
      String reason = reason(hit.getSourceAsMap());
      if (reason == null) {
        learnable.put(hit.getId(), hit.getSourceAsMap());
      } else {
        reasons.put(hit.getId(), reason);
      }
    }
    skip(reasons);
    return learnable;
  }

  /** Why the stored event {@code source} cannot be learned, or null when it can. */
  private String reason(Map<String, Object> source) {
    String unreadable = unreadable(source);
    if (unreadable != null) {
      return unreadable;
    }
    String index = (String) source.get("index");
    int size = ((List<?>) source.get("vector")).size();
    int dimension = dimensions.computeIfAbsent(index, name -> dimension(name, size));
    return size == dimension ? null
        : "[vector] has " + size + " dimensions, the chunk index " + dimension;
  }

  /**
   * Whether the stored event {@code source} (document {@code id}) can be read as an event: not
   * one marked skipped, nor one {@link FeedbackEvents#check} refuses, which is logged (a forget
   * deletes it unread, which an expiry may do before a pass has marked it).
   */
  static boolean readable(String id, Map<String, Object> source) {
    if (source.containsKey(FeedbackEvents.SKIPPED)) {
      return false;
    }
    String unreadable = unreadable(source);
    if (unreadable != null) {
      LOG.warn("relearn: feedback event [{}] cannot be read and is forgotten unread: {}", id,
          unreadable);
    }
    return unreadable == null;
  }

  private static String unreadable(Map<String, Object> source) {
    Map<String, Object> event = new HashMap<>(source);
    event.remove(FeedbackEvents.LEARNED);
    try {
      FeedbackEvents.check(event);
      return null;
    } catch (RuntimeException e) { // the check and the reading: whatever they throw, it is the data
      return e.getMessage() == null ? e.toString() : e.getMessage();
    }
  }

  /**
   * The dimension {@code index}'s events must have: its vectors', else (the chunk index deleted)
   * its past queries', else that of its first event, {@code size}.
   */
  private int dimension(String index, int size) {
    for (String name : List.of(index, PastQueriesIndex.of(index))) {
      int dimension = Indices.dimension(client, name);
      if (dimension > 0) {
        return dimension;
      }
    }
    return size;
  }

  /** Marks the events {@code reasons} names (by document id) skipped, and logs each. */
  private void skip(Map<String, String> reasons) {
    if (reasons.isEmpty()) {
      return;
    }
    client.admin().indices().preparePutMapping(FeedbackEvents.INDEX) // an index made before it
        .setSource(Map.of("properties", Map.of(FeedbackEvents.SKIPPED, Map.of("type", "keyword"))))
        .get();
    BulkRequestBuilder marks = client.prepareBulk()
        .setRefreshPolicy(WriteRequest.RefreshPolicy.NONE); // the next pass refreshes first
    reasons.forEach((id, reason) -> marks.add(client.prepareUpdate(FeedbackEvents.INDEX, id)
        .setDoc(Map.of(FeedbackEvents.SKIPPED,
            reason.substring(0, Math.min(MAX_REASON, reason.length()))))));
    Indices.requireDone(marks.get(), "marking events skipped");
    reasons.forEach((id, reason) -> LOG.warn("relearn: feedback event [{}] cannot be learned"
        + " and is skipped: {}", id, reason));
  }
}
