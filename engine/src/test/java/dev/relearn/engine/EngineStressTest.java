package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.relearn.feedback.event.Rating;
import dev.relearn.feedback.store.FeedbackAck;
import dev.relearn.feedback.store.StoreStats;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import dev.relearn.engine.search.SearchResults;
import dev.relearn.lucene.fusion.QueryClass;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several threads on one engine, as an IDE plugin or agent uses it: searches in every mode and
 * explained ones, feedback on their hits, indexing of a folder whose files change between calls
 * (and while a call runs), removing and re-adding a second folder, stats, weights, checkpoints,
 * compaction; and a read-only engine on the same folder. Checks that no call fails, no search
 * returns a chunk of a file whose deletion was committed or sees half an index call (see {@link
 * StressWorld}), every acknowledged event is counted before and after a reopen, the weights
 * survive a reopen as they were, the reader catches up, and no query word is on disk. Seeded;
 * about 600 operations ({@code -Drelearn.stress.scale=5}: about 3,000).
 */
class EngineStressTest {
  /** Multiplies every thread's operations: {@code -Drelearn.stress.scale=5} for a longer run. */
  private static final int SCALE = Integer.getInteger("relearn.stress.scale", 1);
  private static final int USERS = 3;
  private static final int USER_OPS = 120 * SCALE;
  private static final int WRITER_OPS = 25 * SCALE;
  private static final int MAINTAINER_OPS = 100 * SCALE;
  private static final int READER_OPS = 80 * SCALE;
  private static final int EDITOR_OPS = 40 * SCALE;
  private static final int DOC_FILES = 20;
  private static final int EXTRA_FILES = 5;
  /** Files the editor thread rewrites while index calls run; the writer never deletes them. */
  private static final int STABLE_FILES = 4;

  @TempDir Path tmp;

  private StressWorld world;
  private Relearn relearn;
  private final AtomicBoolean writerDone = new AtomicBoolean();
  private final AtomicBoolean stop = new AtomicBoolean();

  @Test
  void manyThreadsOnOneEngineLoseNothing() throws Exception {
    world = new StressWorld(tmp);
    Random setup = new Random(11);
    for (int i = 0; i < DOC_FILES; i++) {
      StressWorld.writeNote(world.docs.resolve("n" + i + ".md"), setup);
    }
    for (int i = 0; i < EXTRA_FILES; i++) {
      StressWorld.writeNote(world.extra.resolve("x" + i + ".md"), setup);
    }
    Path index = tmp.resolve("index");
    RelearnOptions options = TestOptions.HASHING.withLockHolder("stress writer");
    Map<QueryClass, ?> weightsBefore;
    long started = System.nanoTime();
    try (Relearn opened = Relearn.open(index, options)) {
      relearn = opened;
      relearn.index(world.docs, SourceFormat.AUTO, Progress.NONE);
      world.changing();
      world.calling(world.files(world.docs));
      world.returned(Set.of());
      assertEquals(DOC_FILES, relearn.stats().chunks(), "one chunk per file");
      assertThrows(IndexInUseException.class, () -> Relearn.open(index, options));
      try (Relearn reader = Relearn.open(index, TestOptions.HASHING.withReadOnly(true))) {
        run(reader);
        int chunks = relearn.stats().chunks();
        relearn.feedbackStore().checkpoint();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (reader.stats().chunks() != chunks && System.nanoTime() < deadline) {
          Thread.sleep(50);
        }
        assertEquals(chunks, reader.stats().chunks(), "the reader follows the writer");
      }
      assertCounted(relearn.feedbackStore().stats(), "before closing");
      weightsBefore = new TreeMap<>(relearn.weights().allStats());
    }
    try (Relearn reopened = Relearn.open(index, options)) {
      StoreStats stats = reopened.feedbackStore().stats();
      assertCounted(stats, "after reopening");
      for (String id : world.acked) {
        assertTrue(reopened.feedbackStore().contains(id), "event " + id + " after reopening");
      }
      assertEquals(weightsBefore, new TreeMap<>(reopened.weights().allStats()),
          "the weights as saved");
    }
    world.assertNoQueryWordOnDisk(index, USERS * USER_OPS / 2);
    System.out.printf("stress: %d operations, %d events acknowledged and recovered, %.1f s%n",
        world.operations.get(), world.acked.size(), (System.nanoTime() - started) / 1e9);
  }

  private void run(Relearn reader) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(USERS + 4);
    CompletionService<Void> tasks = new ExecutorCompletionService<>(pool);
    for (int u = 0; u < USERS; u++) {
      int user = u;
      tasks.submit(() -> user(user, new Random(100 + user)));
    }
    tasks.submit(() -> writer(new Random(200)));
    tasks.submit(() -> maintainer(new Random(300)));
    tasks.submit(() -> editor(new Random(400)));
    tasks.submit(() -> world.readOnly(reader, new Random(500), READER_OPS, stop));
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3L * SCALE);
    try {
      for (int done = 0; done < USERS + 4; done++) {
        Future<Void> task = tasks.poll(Math.max(1, deadline - System.nanoTime()),
            TimeUnit.NANOSECONDS);
        if (task == null) {
          fail("a deadlock? threads:\n" + StressWorld.threadDump());
        }
        task.get(); // the first failure, as soon as it happens
      }
    } finally {
      stop.set(true); // no interrupts: they close Lucene's file channels
      pool.shutdown();
      assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS), StressWorld.threadDump());
    }
  }

  private Void user(int user, Random random) throws IOException {
    List<String> mine = new ArrayList<>();
    for (int op = 0; op < USER_OPS && !stop.get(); op++) {
      world.operations.incrementAndGet();
      String text = world.query(random);
      int k = 1 + random.nextInt(15);
      SearchMode mode = SearchMode.values()[random.nextInt(SearchMode.values().length)];
      SearchRequest request = SearchRequest.of(text).withK(k).withMode(mode);
      StressWorld.Before before = world.before();
      boolean explain = random.nextInt(6) == 0;
      SearchResults results;
      if (explain) {
        ExplainedResults explained = relearn.explain(request);
        assertEquals(explained.results().hits().size(), explained.explanations().size());
        results = explained.results();
      } else {
        results = relearn.search(request);
      }
      world.checkHits(results, k, before, (explain ? "explain " : "") + mode);
      if (random.nextInt(3) == 0) {
        before = world.before();
        SearchResults all = relearn.search(SearchRequest.of(StressWorld.COMMON).withK(1000)
            .withMode(SearchMode.BM25));
        world.checkHits(all, 1000, before, "every chunk");
        world.checkAll(all.hits().stream().map(Hit::path).toList(), before,
            "BM25 hits for every chunk");
      }
      if (results.hits().isEmpty() || random.nextInt(3) == 0) {
        continue;
      }
      if (!mine.isEmpty() && random.nextInt(10) == 0) {
        String again = mine.get(random.nextInt(mine.size()));
        FeedbackAck ack = relearn.feedback(FeedbackRequest.of(text,
            List.of(results.hits().getFirst().chunkId())).withIds("s" + user, again));
        assertTrue(ack.duplicate(), "event " + again + " sent again");
        continue;
      }
      List<String> used = StressWorld.used(results, random);
      String eventId = "u" + user + "-" + op;
      Rating rating = random.nextInt(4) == 0 ? Rating.stars(1 + random.nextInt(5)) : null;
      FeedbackRequest feedback = FeedbackRequest.of(text, used)
          .withOutcome(Outcome.values()[random.nextInt(Outcome.values().length)])
          .withRating(rating, random.nextBoolean() ? null : random.nextDouble())
          .withIds("s" + user + "." + op / 50, eventId);
      if (random.nextBoolean()) {
        feedback = feedback.withShownResults(results, true, false);
      }
      FeedbackAck ack;
      try {
        ack = relearn.feedback(feedback);
      } catch (IllegalArgumentException e) { // the writer re-indexed every used chunk since
        assertTrue(e.getMessage().startsWith("none of the used chunk ids"), e.getMessage());
        assertFalse(relearn.unknownChunkIds(used).isEmpty(), "refused, but all are there");
        continue;
      }
      assertFalse(ack.duplicate(), "new event " + eventId);
      assertEquals(eventId, ack.eventId());
      world.acked.add(eventId);
      mine.add(eventId);
    }
    return null;
  }

  private Void writer(Random random) throws IOException, InterruptedException {
    boolean extraIndexed = false;
    try {
      for (int op = 0; op < WRITER_OPS && !stop.get(); op++) {
        world.operations.incrementAndGet();
        world.changing();
        Set<String> deleted = new HashSet<>();
        Set<String> after = new HashSet<>(world.indexed());
        int choice = random.nextInt(10);
        if (choice < 6) {
          for (int change = 0; change < 1 + random.nextInt(4); change++) {
            world.changeDocs(random, deleted, STABLE_FILES, DOC_FILES + 5);
          }
          after.removeIf(path -> path.startsWith("docs/"));
          after.addAll(world.files(world.docs));
          world.calling(after);
          relearn.index(world.docs, SourceFormat.AUTO, Progress.NONE);
        } else if (choice < 8 && !extraIndexed) {
          Set<String> extra = world.files(world.extra);
          extra.forEach(world.deletedAt::remove);
          after.addAll(extra);
          world.calling(after);
          relearn.index(world.extra, SourceFormat.AUTO, Progress.NONE);
          extraIndexed = true;
        } else if (extraIndexed) {
          deleted.addAll(world.files(world.extra));
          after.removeAll(deleted);
          world.calling(after);
          if (random.nextBoolean()) {
            assertEquals(EXTRA_FILES, relearn.remove(List.of(world.extra), true).getFirst()
                .chunks(), "a dry run");
          }
          assertEquals(EXTRA_FILES, relearn.remove(List.of(world.extra), false).getFirst()
              .chunks());
          extraIndexed = false;
        } else {
          world.calling(after);
        }
        world.returned(deleted);
        Thread.sleep(random.nextInt(30));
      }
    } finally {
      writerDone.set(true);
    }
    return null;
  }

  /** Rewrites the stable files while index calls run. */
  private Void editor(Random random) throws IOException, InterruptedException {
    for (int op = 0; op < EDITOR_OPS && !writerDone.get() && !stop.get(); op++) {
      world.operations.incrementAndGet();
      StressWorld.writeNote(world.docs.resolve("n" + random.nextInt(STABLE_FILES) + ".md"),
          random);
      Thread.sleep(random.nextInt(20));
    }
    return null;
  }

  private Void maintainer(Random random) throws IOException {
    QueryClass[] classes = QueryClass.values();
    for (int op = 0; op < MAINTAINER_OPS && !stop.get(); op++) {
      world.operations.incrementAndGet();
      switch (random.nextInt(10)) {
        case 0 -> {
          StressWorld.Before before = world.before();
          world.checkCount(relearn.stats().chunks(), before, "stats().chunks()");
        }
        case 1 -> relearn.weights().allStats()
            .forEach((c, s) -> relearn.weights().weights(c));
        case 2 -> relearn.resetWeights(random.nextBoolean() ? null
            : classes[random.nextInt(classes.length)]);
        case 3 -> relearn.feedbackStore().checkpoint();
        case 4 -> relearn.feedbackStore().compact();
        case 5 -> relearn.feedbackStore().expire();
        case 6 -> relearn.feedbackStore().flushLearnedFields();
        case 7 -> relearn.feedbackStats();
        case 8 -> relearn.recentFeedback(20);
        default -> relearn.defaultMode();
      }
    }
    return null;
  }

  private void assertCounted(StoreStats stats, String when) {
    assertEquals(world.acked.size(), stats.ledgerEvents(), "ledger events " + when);
    assertEquals(world.acked.size(), stats.clusters().events(), "clustered events " + when);
  }
}
