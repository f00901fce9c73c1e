package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.log.Translog;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A feedback folder with a part from a newer relearn or a damaged file: the
 * engine refuses to open, names what is wrong and the way out, and leaves every recorded event
 * where it was (the automatic recovery of an open would otherwise make the loss permanent).
 */
class DamagedFeedbackFolderTest {
  private static final RelearnOptions HASHING =
      RelearnOptions.defaults().withModel(ModelChoice.HASHING);

  @TempDir Path tmp;
  private Path index;
  private Path feedback;
  private String chunk;

  @BeforeEach
  void indexWithThreeEvents() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\nalpha beta\n\n# B\ngamma delta\n");
    index = tmp.resolve("index");
    feedback = index.resolve(Relearn.FEEDBACK_FOLDER);
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      chunk = relearn.search(SearchRequest.of("alpha")).hits().get(0).chunkId();
      for (int i = 0; i < 3; i++) {
        relearn.feedback(FeedbackRequest.of("alpha " + i, List.of(chunk))
            .withOutcome(Outcome.SUCCESS).withIds("session-" + i, "ev-" + i));
      }
    } // closing checkpoints: the events index holds the three events
  }

  @Test
  void anEventFromANewerRelearnStopsTheOpenAndStaysInTheLog() throws Exception {
    float[] vector;
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      vector = relearn.embedder().embedQuery("alpha");
    }
    Path logDir = feedback.resolve("log");
    try (Translog log = Translog.open(logDir)) {
      byte[] newer = EventCodec.encode(new FeedbackEvent("ev-newer", "session-n", vector,
          List.of(new ShownResult(chunk, 1)), List.of(chunk), Outcome.SUCCESS, null, null,
          SignalClass.STRONG, 1_000L, null));
      newer[0] = 9; // the version byte: a format this relearn does not know
      log.append(newer);
    }
    Path file = nonEmptyGeneration(logDir);
    byte[] before = Files.readAllBytes(file);

    for (int attempt = 0; attempt < 2; attempt++) {
      IOException e = assertThrows(IOException.class, () -> Relearn.open(index, HASHING));
      assertEquals("the feedback log " + logDir + " holds an event (record 1) in format version"
          + " 9, which a newer relearn wrote; this one reads versions 1 to 3. Open the index"
          + " with that newer relearn; nothing was deleted", e.getMessage());
      assertArrayEquals(before, Files.readAllBytes(file), "the record is kept for that relearn");
    }
    try (Relearn readOnly = Relearn.open(index, HASHING.withReadOnly(true))) {
      assertEquals(3, readOnly.feedbackStats().ledgerEvents(), "searches still work read-only");
    }
  }

  @Test
  void damagedStoredEventsFailTheOpenWithTheFeedbackFolderNamed() throws Exception {
    try (Relearn relearn = Relearn.open(index, HASHING)) {
      for (int i = 3; i < 30; i++) { // similar queries, so that a lookup reads many clusters
        relearn.feedback(FeedbackRequest.of("alpha beta gamma delta epsilon " + i, List.of(chunk))
            .withOutcome(Outcome.SUCCESS).withIds("session-" + i, "ev-" + i));
      }
    }
    Path events = feedback.resolve("events");
    Path compound;
    try (Stream<Path> files = Files.list(events)) {
      compound = files.filter(f -> f.getFileName().toString().endsWith(".cfs"))
          .max(Comparator.comparingLong(f -> f.toFile().length())).orElseThrow();
    }
    long[] storedFields = slice(compound, ".fdt"); // read lazily: Lucene's open does not check
    byte[] original = Files.readAllBytes(compound);
    int failures = 0;
    for (int step = 1; step < 40; step++) {
      int at = (int) (storedFields[0] + storedFields[1] * step / 40);
      byte[] flipped = original.clone();
      flipped[at] ^= 0x5a;
      Files.write(compound, flipped);
      try (Relearn relearn = Relearn.open(index, HASHING)) {
        relearn.search(SearchRequest.of("alpha beta gamma delta epsilon")
            .withMode(SearchMode.LEARNED));
      } catch (IOException e) {
        assertTrue(e.getMessage().startsWith("the feedback store in " + feedback
            + " is damaged (") && e.getMessage().endsWith("Restore that folder from a backup,"
            + " or move it away: the index keeps its chunks and starts learning afresh"),
            "flip at " + at + ": " + e);
        failures++;
      } catch (AssertionError e) { // Lucene's own checks, on in tests only (-ea)
        assertTrue(e.getStackTrace()[0].getClassName().startsWith("org.apache.lucene."),
            "flip at " + at + ": " + e);
      } finally {
        Files.write(compound, original);
      }
    }
    assertTrue(failures > 0, "damaged stored events are read by some open");
  }

  /** Offset and length of the {@code suffix} file inside a Lucene 9/10 compound file. */
  private static long[] slice(Path compound, String suffix) throws IOException {
    String entries = compound.getFileName().toString().replace(".cfs", ".cfe");
    try (Directory dir = FSDirectory.open(compound.getParent());
        IndexInput in = dir.openInput(entries, IOContext.READONCE)) {
      in.seek(CodecUtil.indexHeaderLength("Lucene90CompoundEntries", ""));
      for (int n = in.readVInt(); n > 0; n--) {
        String name = in.readString();
        long offset = in.readLong();
        long length = in.readLong();
        if (name.equals(suffix)) {
          return new long[] {offset, length};
        }
      }
    }
    throw new AssertionError("no " + suffix + " in " + compound);
  }

  @Test
  void aDamagedEventsFileIsNamedAsFeedbackDamageWithItsOwnWayOut() throws Exception {
    Path events = feedback.resolve("events");
    Path segment;
    try (Stream<Path> files = Files.list(events)) {
      segment = files.filter(f -> f.getFileName().toString().endsWith(".cfs")).findFirst()
          .orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(segment);
    bytes[bytes.length / 3] ^= (byte) 0xff;
    Files.write(segment, bytes);

    IOException e = assertThrows(IOException.class, () -> Relearn.open(index, HASHING));
    assertTrue(e.getMessage().startsWith("the feedback store in " + feedback + " is damaged ("),
        e.getMessage());
    assertTrue(e.getMessage().contains(segment.getFileName().toString()), e.getMessage());
    assertTrue(e.getMessage().endsWith("Restore that folder from a backup, or move it away: the"
        + " index keeps its chunks and starts learning afresh"), e.getMessage());
  }

  private static Path nonEmptyGeneration(Path logDir) throws IOException {
    try (Stream<Path> files = Files.list(logDir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".log"))
          .filter(f -> f.toFile().length() > 0).findFirst().orElseThrow();
    }
  }
}
