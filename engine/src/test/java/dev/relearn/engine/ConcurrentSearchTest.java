package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.engine.search.SearchRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Searches from several threads while the index is being rewritten. */
class ConcurrentSearchTest {
  @TempDir Path tmp;

  @Test
  void searchesDuringIndexingNeverFailAndSeeWholeCommits() throws Exception {
    Random random = new Random(7);
    Path docs = NoteDocs.write(tmp, random);
    try (Relearn relearn = Relearn.open(tmp.resolve("index"),
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      AtomicBoolean stop = new AtomicBoolean();
      CountDownLatch searching = new CountDownLatch(4); // every searcher ran one before the rounds
      ExecutorService pool = Executors.newFixedThreadPool(4, r -> new Thread(r, "searcher"));
      List<Future<Integer>> searchers = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        searchers.add(pool.submit(() -> {
          int searches = 0;
          while (!stop.get()) {
            int hits = relearn.search(SearchRequest.of("shared keyword").withK(100)).hits().size();
            assertEquals(NoteDocs.COUNT, hits, "every note, never a half-applied re-index");
            if (searches++ == 0) {
              searching.countDown();
            }
          }
          return searches;
        }));
      }
      assertTrue(searching.await(60, TimeUnit.SECONDS), "the searchers started");
      for (int round = 0; round < 10; round++) {
        Path note = docs.resolve("note" + random.nextInt(NoteDocs.COUNT) + ".md");
        Files.writeString(note, Files.readString(note) + "edit " + round + "\n");
        relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      }
      stop.set(true);
      int total = 0;
      for (Future<Integer> searcher : searchers) {
        total += searcher.get(30, TimeUnit.SECONDS);
      }
      pool.shutdown();
      assertTrue(total > 0);
    }
  }
}
