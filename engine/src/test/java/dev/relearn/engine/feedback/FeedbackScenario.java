package dev.relearn.engine.feedback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.CommittedChunks;
import dev.relearn.engine.FeedbackRequest;
import dev.relearn.engine.ModelChoice;
import dev.relearn.engine.RelearnOptions;
import dev.relearn.feedback.event.EventEvidence;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.Rating;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.learn.ChunkAggregates;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the feedback crash and concurrency tests share: a small Markdown corpus, deterministic
 * feedback requests drawn from the real chunk ids, the events the engine builds from them, and the
 * check that learned values equal {@link ChunkAggregates#recompute} over exactly a set of events.
 *
 * <p>The engine stamps each event with the system clock when it records it, so a test cannot
 * know the exact timestamp; it knows a bracket instead (read before the call and after the
 * acknowledgement). Counts do not depend on time and are compared exactly; {@code lastUsedMillis}
 * is a maximum of timestamps, so it must lie between the recomputation over every event's earliest
 * possible time and the recomputation over every event's latest possible time.
 */
final class FeedbackScenario {
  /** HASHING embeddings: no model download, instant. */
  static final RelearnOptions HASHING = RelearnOptions.defaults().withModel(ModelChoice.HASHING);
  /** The store's defaults: position-bias exponent 1 and a per-session cap of 3. */
  static final EventEvidence EVIDENCE = new EventEvidence(1.0);
  static final double PER_SESSION_CAP = ChunkAggregates.DEFAULT_PER_SESSION_CAP;
  /** A word every section holds, so one search can return every chunk. */
  static final String COMMON_WORD = "relearn";

  private static final String[] WORDS = {"cache", "vector", "shard", "token", "latency",
      "replica", "schema", "cluster", "ranking", "session", "commit", "segment", "merge",
      "analyzer", "snapshot", "quota", "backoff", "parser", "router", "ledger"};

  /**
   * A request as sent, with the session hash the engine derives from it and the bracket of the
   * clock time the engine stamped it with.
   */
  record Sent(FeedbackRequest request, String sessionHash, long notBefore, long notAfter) {
    /** The event the engine built from the request, stamped at {@code timeMillis}. */
    FeedbackEvent event(long timeMillis) {
      boolean anyShown = false; // the signal rule of the engine's FeedbackRecorder
      for (ShownResult shown : request.shown()) {
        anyShown |= request.used().contains(shown.chunkId());
      }
      SignalClass signal =
          SignalClass.of(anyShown, request.explicitSearch(), request.afterWiderSearch());
      return new FeedbackEvent(request.eventId(), sessionHash, new float[] {1f}, request.shown(),
          request.used(), request.outcome(), request.rating(), request.quality(), signal,
          timeMillis, null);
    }
  }

  private FeedbackScenario() {}

  /** Writes {@code files} Markdown notes of two sections each; returns the folder. */
  static Path writeCorpus(Path docs, int files, long seed) throws IOException {
    Files.createDirectories(docs);
    Random random = new Random(seed);
    for (int i = 0; i < files; i++) {
      StringBuilder text = new StringBuilder("# Note " + i + "\n");
      for (String part : List.of("Setup", "Usage")) {
        text.append("## ").append(part).append(' ').append(i).append('\n')
            .append(COMMON_WORD).append(" note ").append(i).append(' ').append(part);
        for (int w = 0; w < 12; w++) {
          text.append(' ').append(WORDS[random.nextInt(WORDS.length)]);
        }
        text.append(".\n");
      }
      Files.writeString(docs.resolve("note" + i + ".md"), text);
    }
    return docs;
  }

  /** A query of three corpus words. */
  static String query(Random random) {
    return WORDS[random.nextInt(WORDS.length)] + " " + WORDS[random.nextInt(WORDS.length)] + " "
        + WORDS[random.nextInt(WORDS.length)];
  }

  /**
   * A feedback request drawn from {@code random}: up to 8 shown chunks with ranks, one or two used
   * ones (shown or not), any outcome, sometimes a quality score (below 0.5 teaches nothing) or a
   * rating, and the found-by flags.
   */
  static FeedbackRequest request(Random random, String eventId, String session,
      List<String> chunkIds) {
    List<String> pool = new ArrayList<>(chunkIds);
    Collections.shuffle(pool, random);
    int shownCount = random.nextInt(9);
    List<ShownResult> shown = new ArrayList<>();
    for (int rank = 1; rank <= shownCount; rank++) {
      shown.add(new ShownResult(pool.get(rank - 1), rank));
    }
    Set<String> used = new LinkedHashSet<>();
    int usedCount = 1 + random.nextInt(2);
    for (int u = 0; u < usedCount; u++) {
      used.add(shownCount > 0 && random.nextBoolean()
          ? pool.get(random.nextInt(shownCount))
          : pool.get(shownCount + random.nextInt(pool.size() - shownCount)));
    }
    Outcome outcome = Outcome.values()[random.nextInt(Outcome.values().length)];
    Double quality = switch (random.nextInt(5)) {
      case 0 -> 0.3;
      case 1 -> 0.6;
      case 2 -> 0.9;
      default -> null;
    };
    Rating rating = random.nextInt(6) == 0 ? Rating.stars(1 + random.nextInt(5)) : null;
    return FeedbackRequest.of(query(random), List.copyOf(used))
        .withOutcome(outcome)
        .withRating(rating, quality)
        .withIds(session, eventId)
        .withShown(shown, random.nextBoolean(), random.nextInt(5) == 0);
  }

  /** Every live chunk's learned doc values in the index folder's last commit, by chunk id. */
  static Map<String, LearnedValues> docValues(Path index) throws IOException {
    Map<String, LearnedValues> out = new TreeMap<>();
    CommittedChunks.forEach(index, Set.of(ChunkSchema.ID), (leaf, doc, fields) -> {
      String id = fields.get(ChunkSchema.ID);
      LearnedValues old = out.put(id, LearnedValues.read(leaf, doc));
      assertNull(old, "chunk " + id + " has two live documents");
    });
    return out;
  }

  /**
   * Asserts that {@code actual} (learned values per chunk id) equals the recomputation over
   * exactly {@code events}: counts bit for bit, the last use within the events' time brackets,
   * and 0 for a chunk never used. {@code actual} must name every chunk the events taught about.
   */
  static void assertLearned(Collection<Sent> events, Map<String, LearnedValues> actual,
      String where) {
    List<FeedbackEvent> early = new ArrayList<>(events.size());
    List<FeedbackEvent> late = new ArrayList<>(events.size());
    for (Sent sent : events) {
      early.add(sent.event(sent.notBefore()));
      late.add(sent.event(sent.notAfter()));
    }
    ChunkAggregates low = ChunkAggregates.recompute(early, EVIDENCE, PER_SESSION_CAP);
    ChunkAggregates high = ChunkAggregates.recompute(late, EVIDENCE, PER_SESSION_CAP);
    assertTrue(actual.keySet().containsAll(low.chunkIds()), where
        + ": evidence about chunks the index does not hold");
    for (Map.Entry<String, LearnedValues> entry : actual.entrySet()) {
      String id = entry.getKey();
      LearnedValues expected = low.get(id);
      LearnedValues got = entry.getValue();
      String message = where + ", chunk " + id + ": expected " + expected + ", got " + got;
      assertEquals(expected.impressions(), got.impressions(), message);
      assertEquals(expected.clicks(), got.clicks(), message);
      assertEquals(expected.successes(), got.successes(), message);
      assertEquals(expected.failures(), got.failures(), message);
      long latest = high.get(id).lastUsedMillis();
      assertTrue(expected.lastUsedMillis() <= got.lastUsedMillis()
          && got.lastUsedMillis() <= latest, message + " (last use at most " + latest + ")");
    }
  }

  /** How many chunks the events taught something about, and how many were used. */
  static String coverage(Collection<Sent> events) {
    List<FeedbackEvent> list = new ArrayList<>();
    for (Sent sent : events) {
      list.add(sent.event(sent.notBefore()));
    }
    ChunkAggregates aggregates = ChunkAggregates.recompute(list, EVIDENCE, PER_SESSION_CAP);
    long used = aggregates.snapshot().values().stream().filter(v -> v.lastUsedMillis() > 0)
        .count();
    return aggregates.size() + " chunks learned, " + used + " used";
  }
}
