package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.StorageFaults.Kind;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index call whose commit fails (an injected failed rename of the commit point) leaves the
 * index as it was: its writes are rolled back, so neither a later checkpoint nor closing commits
 * them (they did: the writer kept them, and closing committed a call that had failed), and the
 * same engine, its writer replaced, indexes the path again once the fault is lifted.
 */
class IndexRollbackTest {
  @TempDir Path tmp;

  @Test
  void anIndexCallWhoseCommitFailedLeavesNothingBehind() throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\n\nalpha notes about caching.\n");
    Path index = tmp.resolve("index");
    StorageFaults faults = new StorageFaults();
    try (Relearn engine = EngineOpener.open(index, TestOptions.HASHING, faults)) {
      engine.index(docs, SourceFormat.AUTO, Progress.NONE);
      Files.writeString(docs.resolve("b.md"), "# B\n\nzebra notes about sharding.\n");
      faults.arm(Kind.RENAME, 1); // the commit's rename of its pending commit point
      try {
        IOException e = assertThrows(IOException.class,
            () -> engine.index(docs, SourceFormat.AUTO, Progress.NONE));
        assertTrue(e.getMessage().contains("injected fault: rename"), e.getMessage());
      } finally {
        faults.lift();
      }
      assertEquals(1, faults.injected());
    }
    try (Relearn engine = EngineOpener.open(index, TestOptions.HASHING, faults)) {
      assertEquals(0, zebras(engine), "the failed call's chunk was committed after all");
      engine.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertEquals(1, zebras(engine));
    }
  }

  @Test
  void theSameEngineIndexesAgainOnceTheFaultIsLifted() throws IOException {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\n\nalpha notes about caching.\n");
    StorageFaults faults = new StorageFaults();
    try (Relearn engine = EngineOpener.open(tmp.resolve("index"), TestOptions.HASHING, faults)) {
      engine.index(docs, SourceFormat.AUTO, Progress.NONE);
      Files.writeString(docs.resolve("b.md"), "# B\n\nzebra notes about sharding.\n");
      faults.arm(Kind.RENAME, 1);
      assertThrows(IOException.class, () -> engine.index(docs, SourceFormat.AUTO, Progress.NONE));
      faults.lift();
      assertEquals(0, zebras(engine), "searches go on with the last commit");
      EngineParts stopped = engine.parts();
      engine.index(docs, SourceFormat.AUTO, Progress.NONE);
      assertNotSame(stopped, engine.parts(), "the writer was replaced, without a restart");
      assertEquals(1, zebras(engine));
      assertTrue(engine.writable());
    }
  }

  private static int zebras(Relearn engine) throws IOException {
    return engine.search(SearchRequest.of("zebra").withMode(SearchMode.BM25)).hits().size();
  }
}
