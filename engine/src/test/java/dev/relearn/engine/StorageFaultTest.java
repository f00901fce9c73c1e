package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.StorageFaults.Kind;
import dev.relearn.feedback.store.FeedbackStore;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.files.FileTrees;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Injects faults into the engine's storage ({@link StorageFaults}): a failed write, fsync or
 * rename, or a full disk, at a seeded point of an index call, of recording feedback (the log, the
 * ledger and cluster index, the learned doc values, a checkpoint) or of a forget. After each, the
 * call answered with a clear {@code IOException} (or went through, the fault having hit
 * background work), no call hung, the same engine indexes and records again once the fault is
 * lifted (replacing writers that stopped), and a reopen finds every acknowledged event and none
 * of a forgotten session. Prints what each class of fault produced.
 */
class StorageFaultTest {
  private static final long SEED = 20_261_129L;
  private static final int POINTS_PER_CLASS = 17; // 12 classes: 204 points
  private static final int FILES = 8;
  private static final long STEP_TIMEOUT_SECONDS = 60;
  private static final String COMMON_WORD = "relearn";
  private static final String FORGET_SESSION = "forget-";
  private static final String[] WORDS = {"cache", "vector", "shard", "token", "latency",
      "replica", "schema", "cluster", "ranking", "session", "commit", "segment"};

  /** Where in the engine's work the fault is injected. */
  private enum Step { INDEX, FEEDBACK, FORGET }

  @TempDir Path tmp;

  private final StorageFaults faults = new StorageFaults();
  private final ExecutorService caller = Executors.newSingleThreadExecutor(
      r -> new Thread(r, "storage-fault-caller"));
  private final List<String> acknowledged = new ArrayList<>();
  private final List<String> forgotten = new ArrayList<>(); // events of forgotten sessions
  private String forgetting; // the session the last forget step forgets
  private Random random;
  private Path docs;
  private Relearn engine;
  private List<String> chunkIds;
  private int events;
  private int edits;
  private Path root;

  @AfterEach
  void close() throws IOException {
    caller.shutdownNow();
    try (Relearn open = engine) {
      // closed first
    } finally {
      if (root != null && !root.startsWith(tmp)) {
        FileTrees.delete(root);
      }
    }
  }

  /**
   * A folder in memory where there is one (/dev/shm): the points' fsyncs then cost nothing, so
   * that 200 of them run in about a minute on two cores; else the test's temporary folder.
   */
  private Path root() throws IOException {
    Path shm = Path.of("/dev/shm");
    return Files.isDirectory(shm) && Files.isWritable(shm)
        ? Files.createTempDirectory(shm, "relearn-faults-") : tmp;
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES) // a liveness bound; about a minute here
  void everyFaultIsNamedAndRecoveredWithoutLosingAcknowledgedFeedback() throws Exception {
    random = new Random(SEED);
    root = root();
    docs = Files.createDirectories(root.resolve("docs"));
    for (int i = 0; i < FILES; i++) {
      edit(i);
    }
    Path index = root.resolve("index");
    engine = EngineOpener.open(index, TestOptions.HASHING, faults);
    engine.index(docs, SourceFormat.AUTO, Progress.NONE);
    readChunkIds();
    long started = System.nanoTime();
    Map<String, FaultTally> tallies = new LinkedHashMap<>();
    for (Step step : Step.values()) {
      for (Kind kind : Kind.values()) {
        FaultTally tally = new FaultTally(kind.label() + "@" + step.name().toLowerCase(Locale.ROOT));
        tallies.put(tally.name, tally);
        long span = measure(step, kind);
        for (int p = 0; p < POINTS_PER_CLASS; p++) {
          faultPoint(index, step, kind, 1 + random.nextLong(Math.max(1, span)), tally);
        }
      }
    }
    int points = 0;
    int unclear = 0;
    int lost = 0;
    System.out.printf("storage faults (seed %d, %.1f s):%n", SEED,
        (System.nanoTime() - started) / 1e9);
    for (FaultTally tally : tallies.values()) {
      System.out.println("  " + tally.line());
      tally.problems.forEach(problem -> System.out.println("    " + problem));
      points += tally.points;
      unclear += tally.problems.size();
      lost += tally.lost;
    }
    System.out.printf("storage faults: %d points, %d acknowledged events, %d lost, %d unclear%n",
        points, acknowledged.size(), lost, unclear);
    assertEquals(0, lost, "acknowledged events lost");
    assertEquals(0, unclear, "faults answered without a clear error or not recovered");
    assertTrue(points >= 200, "points: " + points);
  }

  /** The number of {@code kind}'s operations (bytes, for a full disk) one {@code step} does. */
  private long measure(Step step, Kind kind) throws Exception {
    long before = faults.count(kind);
    Throwable failure = run(step, false, kind, 0);
    if (failure != null) {
      throw new AssertionError(step + " failed without a fault", failure);
    }
    return faults.count(kind) - before;
  }

  /**
   * One fault point: {@code step} with the fault armed at {@code point} (a step that ends before
   * it, as one whose merges wrote more when measured may, is run again with a point half as
   * far), then, once it is lifted, the same engine indexing and recording, then a reopen.
   */
  private void faultPoint(Path index, Step step, Kind kind, long point, FaultTally tally)
      throws Exception {
    tally.points++;
    EngineParts partsBefore = engine.parts();
    Throwable failure;
    boolean reached;
    do {
      long injectedBefore = faults.injected();
      try {
        failure = run(step, true, kind, point);
      } finally {
        faults.lift();
      }
      reached = faults.injected() > injectedBefore;
      if (!reached) {
        tally.unreached++;
        point = 1 + random.nextLong(Math.max(1, point / 2));
      }
    } while (!reached && point > 1);
    String where = tally.name + " at " + point;
    if (failure == null) {
      if (reached) {
        tally.absorbed++;
      } else { // this time the step did none of these operations (when varies with timing)
        tally.idle++;
      }
    } else if (failure instanceof IOException && failure.getMessage() != null) {
      tally.clearErrors++;
    } else {
      tally.problems.add(where + ": unclear " + failure);
    }
    try { // the same engine, once the fault is lifted: no restart
      if (step == Step.FORGET && failure != null) {
        engine.forgetSession(forgetting); // failed, perhaps before it was logged: as a user would
      }
      record("after-" + tally.points);
      edit(random.nextInt(FILES));
      engine.index(docs, SourceFormat.AUTO, Progress.NONE);
      tally.recovered++;
      tally.replaced += engine.parts() != partsBefore ? 1 : 0;
    } catch (IOException | RuntimeException e) {
      tally.problems.add(where + ": not recovered without a restart: " + e);
    }
    try {
      engine.close();
    } catch (IOException | RuntimeException e) {
      tally.problems.add(where + ": close failed: " + e);
    }
    engine = EngineOpener.open(index, TestOptions.HASHING, faults);
    tally.reopened++;
    FeedbackStore store = engine.feedbackStore();
    tally.lost += (int) acknowledged.stream().filter(id -> !store.contains(id)).count();
    List<String> back = forgotten.stream().filter(store::contains).toList();
    if (!back.isEmpty()) {
      tally.problems.add(where + ": forgotten events came back: " + back);
    }
  }

  /** The ids feedback uses: the index's now, as an edit changes its chunks' ids. */
  private void readChunkIds() throws IOException {
    chunkIds = engine.search(SearchRequest.of(COMMON_WORD).withK(100)).hits().stream()
        .map(Hit::chunkId).toList();
    assertTrue(chunkIds.size() >= FILES, "chunks: " + chunkIds);
  }

  /** Runs {@code step} on the caller thread, armed if asked; what it threw, or null. */
  private Throwable run(Step step, boolean arm, Kind kind, long point) throws Exception {
    readChunkIds(); // before any fault is armed
    String session = FORGET_SESSION + events;
    forgetting = session;
    if (step == Step.FORGET) {
      record(session);
      record(session);
    }
    Future<?> call = caller.submit(() -> {
      if (arm) {
        faults.arm(kind, point);
      }
      switch (step) {
        case INDEX -> {
          edit(random.nextInt(FILES));
          engine.index(docs, SourceFormat.AUTO, Progress.NONE);
        }
        case FEEDBACK -> {
          for (int i = 0; i < 3; i++) {
            record("s" + (events % 5));
          }
          engine.feedbackStore().flushLearnedFields();
          engine.feedbackStore().checkpoint();
        }
        case FORGET -> engine.forgetSession(session);
      }
      return null;
    });
    try {
      call.get(STEP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      return null;
    } catch (java.util.concurrent.ExecutionException e) {
      return e.getCause();
    } catch (TimeoutException e) {
      throw new AssertionError(step + " hung for " + STEP_TIMEOUT_SECONDS + " s under " + kind
          + " at " + point);
    }
  }

  /**
   * Records one event of {@code session}, using a random chunk; an acknowledged one must be found
   * after every reopen, unless its session is one a forget step forgets.
   */
  private void record(String session) throws IOException {
    String id = "e-" + events++;
    String used = chunkIds.get(random.nextInt(chunkIds.size()));
    engine.feedback(FeedbackRequest.of(COMMON_WORD + " " + WORDS[random.nextInt(WORDS.length)],
        List.of(used)).withIds(session, id));
    (session.startsWith(FORGET_SESSION) ? forgotten : acknowledged).add(id);
  }

  /** Writes note {@code i} anew, with seeded words. */
  private void edit(int i) throws IOException {
    StringBuilder text = new StringBuilder("# Note " + i + "\n\n" + COMMON_WORD + " edit "
        + edits++);
    for (int w = 0; w < 20; w++) {
      text.append(' ').append(WORDS[random.nextInt(WORDS.length)]);
    }
    Files.writeString(docs.resolve("note-" + i + ".md"), text.append(".\n").toString());
  }
}
