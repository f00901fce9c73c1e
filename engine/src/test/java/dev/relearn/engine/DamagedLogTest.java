package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.feedback.log.Translog;
import dev.relearn.feedback.store.StoreStats;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.SearchRequest;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A log with a damaged record in the middle: the damage is reported, every good event kept. */
class DamagedLogTest {
  @TempDir Path tmp;

  @Test
  void goodRecordsAroundTheDamageAreAppliedAndTheDamageReported() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\nalpha beta\n");
    Path index = tmp.resolve("index");
    RelearnOptions options = RelearnOptions.defaults().withModel(ModelChoice.HASHING);
    String chunk;
    float[] vector;
    try (Relearn relearn = Relearn.open(index, options)) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      chunk = relearn.search(SearchRequest.of("alpha")).hits().get(0).chunkId();
      vector = relearn.embedder().embedQuery("alpha");
    }
    Path logDir = index.resolve(Relearn.FEEDBACK_FOLDER).resolve("log");
    long now = System.currentTimeMillis(); // recent: events past the 90-day TTL expire on open
    try (Translog log = Translog.open(logDir)) {
      for (int i = 0; i < 5; i++) {
        log.append(EventCodec.encode(new FeedbackEvent("ev-" + i, "session-" + i, vector,
            List.of(new ShownResult(chunk, 1)), List.of(chunk), Outcome.SUCCESS, null, null,
            SignalClass.STRONG, now + i, null)));
      }
    }
    Path file;
    try (Stream<Path> files = Files.list(logDir)) {
      file = files.filter(f -> f.getFileName().toString().endsWith(".log"))
          .filter(f -> f.toFile().length() > 0).findFirst().orElseThrow();
    }
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      long middle = raf.length() / 2;
      raf.seek(middle);
      raf.write(raf.read() ^ 0xff);
    }
    try (Relearn relearn = Relearn.open(index, options)) {
      StoreStats stats = relearn.feedbackStore().stats();
      assertEquals(1, stats.recovery().damagedRecords(), stats.recovery().toString());
      assertFalse(stats.recovery().problems().isEmpty());
      assertTrue(stats.recovery().problems().get(0).contains(file.getFileName().toString()),
          stats.recovery().problems().toString());
      assertEquals(4, stats.ledgerEvents());
      assertEquals(4, relearn.feedbackStore().learned(chunk).successes());
    }
  }
}
