package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.files.StorageOpener;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.store.LockFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk fails a call that writes while a background merge of the feedback ledger runs: the
 * merge fails too, and Lucene stops the ledger's writer on the merge's thread, when that thread
 * gets to it. The call returns only once that has happened, so the next call that writes finds
 * the writer stopped and replaces it. Before, the call could return first; the disk had room
 * again, the next call found nothing stopped and then failed on the stopped writer, and closing
 * the engine then lost the forget the full disk had cut short (its events came back).
 */
class LateMergeFailureTest {
  @TempDir Path tmp;

  private final LateMergeFaults faults = new LateMergeFaults();
  private Relearn engine;

  @AfterEach
  void close() throws IOException {
    faults.release();
    if (engine != null) {
      engine.close();
    }
  }

  @Test
  void aMergeTheFullDiskBrokeHasStoppedItsWriterWhenTheFailedCallReturns() throws Exception {
    String chunk = forgetCutShortByAFullDisk();
    EngineParts parts = engine.parts();
    boolean stopped = parts.stopped();
    faults.diskFull = false;
    faults.release();
    assertTrue(stopped, "the failed call returned before the merge had stopped the ledger");

    engine.feedback(FeedbackRequest.of("shared keyword after", List.of(chunk))
        .withIds("other", "after"));
    assertNotSame(parts, engine.parts(), "the next write replaced the stopped writers");
    assertFalse(engine.feedbackStore().contains("e0"), "the forget was finished");
  }

  @Test
  void closingAfterTheFullDiskFinishesTheForgetItCutShort() throws Exception {
    forgetCutShortByAFullDisk();
    faults.diskFull = false;
    faults.release();
    engine.close();
    engine = EngineOpener.open(tmp.resolve("index"), TestOptions.HASHING, faults);
    assertFalse(engine.feedbackStore().contains("e0"), "the forgotten session came back");
    assertTrue(engine.feedbackStore().contains("kept"));
  }

  /**
   * Records a session's events, one ledger segment each, until a merge of the ledger begins
   * (held), then fills the disk for a forget of that session, which fails; returns a chunk id.
   */
  private String forgetCutShortByAFullDisk() throws Exception {
    engine = EngineOpener.open(tmp.resolve("index"), TestOptions.HASHING, faults);
    engine.index(NoteDocs.write(tmp, new Random(7)), SourceFormat.AUTO, Progress.NONE);
    String chunk = engine.search(SearchRequest.of("shared keyword")).hits().getFirst().chunkId();
    engine.feedback(FeedbackRequest.of("shared keyword kept", List.of(chunk))
        .withIds("other", "kept"));
    faults.holdMerges = true;
    for (int round = 0; round < 40 && faults.mergeHeld.getCount() > 0; round++) {
      engine.feedback(FeedbackRequest.of("shared keyword " + round, List.of(chunk))
          .withIds("session", "e" + round));
      engine.feedbackStore().checkpoint();
    }
    assertTrue(faults.mergeHeld.await(60, TimeUnit.SECONDS), "a merge of the ledger began");
    faults.diskFull = true; // fails the forget's first ledger write; the held merge fails too
    assertThrows(IOException.class, () -> engine.forgetSession("session"));
    return chunk;
  }

  /**
   * The real file system, but for the feedback ledger: once {@link #holdMerges}, a merge's first
   * new file waits until it is {@link #release released} or someone waits for the merges to end,
   * then fails as a full disk; while {@link #diskFull}, the ledger's other new files fail so.
   */
  private static final class LateMergeFaults implements StorageOpener {
    private final CountDownLatch mergeHeld = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile boolean holdMerges;
    private volatile boolean diskFull;

    void release() {
      released.countDown();
    }

    @Override
    public Directory directory(Path folder, LockFactory locks) throws IOException {
      Directory real = StorageOpener.REAL.directory(folder, locks);
      return !folder.getFileName().toString().equals("events") ? real : new FilterDirectory(real) {
        @Override
        public IndexOutput createOutput(String name, IOContext context) throws IOException {
          if (Thread.currentThread().getName().startsWith("Lucene Merge Thread")) {
            holdMerge(name);
          } else if (diskFull) {
            throw new IOException(name + ": No space left on device (injected)");
          }
          return in.createOutput(name, context);
        }
      };
    }

    private void holdMerge(String name) throws IOException {
      if (!holdMerges || released.getCount() == 0) {
        return;
      }
      mergeHeld.countDown();
      try {
        while (!released.await(1, TimeUnit.MILLISECONDS) && !someoneAwaitsMerges()) {
          Thread.onSpinWait();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw new IOException(name + ": No space left on device (injected, in a merge)");
    }

    private static boolean someoneAwaitsMerges() {
      return Thread.getAllStackTraces().values().stream().flatMap(Arrays::stream)
          .anyMatch(frame -> frame.getClassName().equals(ConcurrentMergeScheduler.class.getName())
              && frame.getMethodName().equals("sync"));
    }

    @Override
    public FileChannel channel(Path file, Set<? extends OpenOption> options,
        FileAttribute<?>... attributes) throws IOException {
      return StorageOpener.REAL.channel(file, options, attributes);
    }
  }
}
