package dev.relearn.feedback.index;

import static dev.relearn.feedback.index.Fixtures.DAY;
import static dev.relearn.feedback.index.Fixtures.T0;
import static dev.relearn.feedback.index.Fixtures.add;
import static dev.relearn.feedback.index.Fixtures.event;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.index.Fixtures.FakeClock;
import dev.relearn.lucene.feedback.Outcome;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeedbackIndexLifecycleTest {
  private static final int DIM = 8;

  @TempDir
  Path dir;

  private final FakeClock clock = new FakeClock(T0);
  private final Random random = new Random(11);

  private FeedbackIndex open() throws Exception {
    return TestIndexes.open(dir, FeedbackIndexConfig.defaults(DIM).withClock(clock));
  }

  private void addRandom(FeedbackIndex index, String id, String session, long millis)
      throws Exception {
    add(index, event(id, session, Fixtures.randomUnit(random, DIM), "c", Outcome.SUCCESS, millis));
  }

  @Test
  void renameSaysWhetherRecordedEvidenceMovedAndWhetherAllOfOneChunksMovedAsItWas()
      throws Exception {
    try (FeedbackIndex index = open()) {
      addRandom(index, "e1", "A", T0); // evidence on chunk "c"
      assertEquals(new RenameEffect(false, null), index.rename("x", "y"),
          "no event names x: no learned value changes");
      assertEquals(new RenameEffect(false, null), index.rename("c", "c"));
      assertEquals(new RenameEffect(true, "c"), index.rename("c", "c2"),
          "c's evidence counts for c2 now, all of it, and nothing did before");
      assertEquals(new RenameEffect(true, "c2"), index.rename("c2", "c4"), "and on to c4");
      assertEquals(new RenameEffect(false, null), index.rename("y", "w"),
          "y was only ever a successor of an unnamed chunk");
      assertEquals(new RenameEffect(true, "c4"), index.rename("c4", "c"),
          "reverted: c's evidence, all of which counted for c4, counts for c again");
      assertEquals(new RenameEffect(false, null), index.rename("c2", "c3"),
          "c2 is named by no event and leads nowhere now");
      assertEquals(new RenameEffect(true, null), index.rename("x2", "c"),
          "c's evidence is not in x2's values, which c gets");
    }
  }

  @Test
  void forgetSessionRemovesOnlyItsClusters() throws Exception {
    try (FeedbackIndex index = open()) {
      addRandom(index, "a1", "A", T0);
      index.commit(Map.of("log", "7"));
      addRandom(index, "a2", "A", T0);
      addRandom(index, "b1", "B", T0);
      addRandom(index, "c1", "C", T0);
      assertEquals(2, index.forgetSession("A"));
      assertEquals(0, index.forgetSession("A"));
      assertEquals(0, index.forgetSession("nobody"));
      index.commit(Map.of("log", "8"));
    }
    try (FeedbackIndex index = open()) {
      assertEquals(2, index.recorded().clusters().size(),
          "the forget was committed, with the adds before it");
      assertFalse(index.recorded().contains("a1"));
      assertFalse(index.recorded().contains("a2"));
      assertTrue(index.recorded().contains("b1"));
      assertTrue(index.recorded().contains("c1"));
      assertEquals(Map.of("log", "8"), committedUserData());
    }
  }

  @Test
  void forgetAllRemovesEverything() throws Exception {
    try (FeedbackIndex index = open()) {
      addRandom(index, "a1", "A", T0);
      addRandom(index, "b1", "B", T0);
      index.commit(Map.of("log", "9"));
      addRandom(index, "c1", "C", T0);
      assertEquals(3, index.forgetAll());
      assertEquals(0, index.recorded().clusters().size());
      assertFalse(index.recorded().contains("c1"));
      index.commit(Map.of("log", "10"));
    }
    try (FeedbackIndex index = open()) {
      assertEquals(0, index.recorded().clusters().size());
      assertEquals(Map.of("log", "10"), committedUserData());
      addRandom(index, "d1", "D", T0);
      assertTrue(index.recorded().contains("d1"), "the index still works after forgetting all");
    }
  }

  @Test
  void expireDeletesClustersPastTheirTtl() throws Exception {
    try (FeedbackIndex index = open()) {
      addRandom(index, "old", "A", T0);
      addRandom(index, "recent", "B", T0 + 95 * DAY);
      clock.set(T0 + 89 * DAY);
      assertEquals(0, index.expire());
      clock.set(T0 + 100 * DAY);
      assertEquals(1, index.expire());
      assertEquals(0, index.expire());
      index.commit(Map.of());
    }
    try (FeedbackIndex index = open()) {
      assertEquals(1, index.recorded().clusters().size());
      assertTrue(index.recorded().contains("recent"));
      assertFalse(index.recorded().contains("old"));
    }
  }

  @Test
  void aReplacedOrClosedStateStopsBuildingItsCentroidGraph() throws Exception {
    try (FeedbackIndex index = open()) {
      for (int i = 0; i < ClusterTable.EXACT_BELOW + GraphUpkeep.INLINE + 1; i++) {
        addRandom(index, "e" + i, "s" + i, T0); // a cluster each
      }
      index.commit(Map.of());
    }
    try (FeedbackIndex index = open()) { // derived at open: its graph builds in the background
      RecordedEvents opened = index.recorded();
      index.compact(); // derives the state again
      assertTrue(opened.table().graphStopped(), "a replaced state's graph goes on building");
      RecordedEvents compacted = index.recorded();
      index.close();
      assertTrue(compacted.table().graphStopped(), "a closed index's graph goes on building");
    }
  }

  @Test
  void closeDiscardsWhatWasNotCommitted() throws Exception {
    try (FeedbackIndex index = open()) {
      assertEquals(Map.of(), committedUserData());
      addRandom(index, "kept", "A", T0);
      index.commit(Map.of("offset", "1"));
      addRandom(index, "lost", "A", T0);
    }
    try (FeedbackIndex index = open()) {
      assertTrue(index.recorded().contains("kept"));
      assertFalse(index.recorded().contains("lost"));
      assertEquals(Map.of("offset", "1"), committedUserData());
    }
  }

  @Test
  void aSecondOpenOfTheFolderFailsNamingIt() throws Exception {
    try (FeedbackIndex index = open()) {
      IllegalStateException e = assertThrows(IllegalStateException.class, this::open);
      assertTrue(e.getMessage().startsWith("feedback index in use by another process: ")
          && e.getMessage().contains(dir.toAbsolutePath().normalize().toString()),
          e.getMessage());
      addRandom(index, "e", "s", T0);
      assertTrue(index.recorded().contains("e"), "the first instance is unaffected");
    }
    try (FeedbackIndex again = open()) {
      assertEquals(0, again.recorded().clusters().size(), "the lock is released on close");
    }
  }

  @Test
  void anotherDimensionIsRefusedOnOpen() throws Exception {
    try (FeedbackIndex index = open()) {
      addRandom(index, "e", "s", T0);
      index.commit(Map.of());
    }
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> TestIndexes.open(dir, FeedbackIndexConfig.defaults(DIM * 2)));
    assertTrue(e.getMessage().contains(DIM + " dimensions")
        && e.getMessage().contains("expects " + DIM * 2), e.getMessage());
    assertTrue(e.getMessage().endsWith("Move the feedback folder away (the index keeps its chunks"
        + " and starts learning afresh) or open the index with the model it was recorded with"),
        e.getMessage());
    try (FeedbackIndex index = open()) {
      assertEquals(1, index.recorded().clusters().size(), "a refused open releases the lock");
    }
  }

  @Test
  void theFolderAndFilesAreOwnerOnly() throws Exception {
    if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      return;
    }
    try (FeedbackIndex index = open()) {
      addRandom(index, "e", "s", T0);
      index.commit(Map.of());
      assertEquals("rwx------",
          PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
      try (Stream<Path> files = Files.list(dir)) {
        for (Path file : files.filter(Files::isRegularFile).toList()) {
          assertEquals("rw-------",
              PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), file.toString());
        }
      }
    }
  }

  @Test
  void statsCountSignalsOutcomesAndThePositiveRate() throws Exception {
    try (FeedbackIndex index = open()) {
      assertTrue(Double.isNaN(index.recorded().stats().positiveRate()), "no outcomes yet: NaN");
      add(index, event("s1", "A", Fixtures.randomUnit(random, DIM), "c", Outcome.SUCCESS,
          SignalClass.VERY_STRONG, null, T0));
      add(index, event("s2", "B", Fixtures.randomUnit(random, DIM), "c", Outcome.SUCCESS,
          SignalClass.WEAK, 0.9, T0));
      add(index, event("f1", "C", Fixtures.randomUnit(random, DIM), "c", Outcome.FAILURE,
          SignalClass.STRONG, null, T0));
      add(index, event("n1", "D", Fixtures.randomUnit(random, DIM), "c", Outcome.NONE,
          SignalClass.DISCOVERY, 0.2, T0));
      FeedbackStats stats = index.recorded().stats();
      assertEquals(4, stats.clusters());
      assertEquals(4, stats.events());
      assertEquals(3, stats.learnedEvents(), "quality 0.2 is ambiguous: recorded, not learned");
      assertEquals(4, stats.sessions());
      assertEquals(1L, stats.bySignal().get(SignalClass.WEAK));
      assertEquals(1L, stats.bySignal().get(SignalClass.DISCOVERY));
      assertEquals(2L, stats.byOutcome().get(Outcome.SUCCESS));
      assertEquals(1L, stats.byOutcome().get(Outcome.NONE));
      assertEquals(2.0 / 3, stats.positiveRate(), 1e-12);
    }
  }

  /** The user data of the last commit in {@code dir}. */
  private Map<String, String> committedUserData() throws IOException {
    try (Directory directory = FSDirectory.open(dir)) {
      return SegmentInfos.readLatestCommit(directory).getUserData();
    }
  }
}
