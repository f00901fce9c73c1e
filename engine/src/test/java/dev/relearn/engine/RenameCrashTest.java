package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.build.IndexReport;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.schema.LearnedValues;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A renamed file's chunks keep their learned values across a crash right after the index call
 * that renamed them. The rename was durable only at the feedback store's next checkpoint (up to
 * 30 s later): a process killed before it reopened with the renamed chunk's learned values reset
 * to nothing, as the store recomputed them from events that name only the old id.
 */
class RenameCrashTest {
  /** A word only the used file holds. */
  private static final String WORD = "kestrel";

  @TempDir Path tmp;

  /**
   * The child: indexes the docs, records feedback on the chunk holding {@link #WORD}, checkpoints,
   * moves its file, indexes again, prints {@code RENAMED <old> <new>} and waits to be killed.
   */
  public static void main(String[] args) throws Exception {
    Path index = Path.of(args[0]);
    Path docs = Path.of(args[1]);
    Relearn relearn = Relearn.open(index, TestOptions.HASHING);
    relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    String used = relearn.search(SearchRequest.of(WORD).withMode(SearchMode.BM25)).hits()
        .getFirst().chunkId();
    for (int i = 0; i < 3; i++) {
      relearn.feedback(FeedbackRequest.of(WORD + " query", List.of(used)).withIds("s" + i, null));
    }
    relearn.feedbackStore().checkpoint();
    Files.move(docs.resolve("a.md"), docs.resolve("moved.md"));
    IndexReport report = relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
    Map.Entry<String, String> rename = report.renamed().entrySet().iterator().next();
    System.out.println("RENAMED " + rename.getKey() + " " + rename.getValue() + " "
        + relearn.feedbackStore().learned(rename.getValue()).clicks());
    System.out.flush();
    Thread.sleep(TimeUnit.MINUTES.toMillis(5)); // killed long before
  }

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void aRenameSurvivesAKillRightAfterTheIndexCall() throws Exception {
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\nThe " + WORD + " nests here.\n");
    Files.writeString(docs.resolve("b.md"), "# B\nSomething else entirely.\n");
    Path index = tmp.resolve("index");
    String java = ProcessHandle.current().info().command().orElse("java");
    Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
        RenameCrashTest.class.getName(), index.toString(), docs.toString()))
        .redirectError(tmp.resolve("child.err").toFile()).start();
    String line;
    try (BufferedReader out = child.inputReader()) {
      line = out.readLine();
      assertTrue(line != null && line.startsWith("RENAMED "),
          "the child said " + line + "; stderr: " + Files.readString(tmp.resolve("child.err")));
      child.destroyForcibly(); // SIGKILL
      assertTrue(child.waitFor(60, TimeUnit.SECONDS));
    }
    String[] parts = line.split(" ");
    String newId = parts[2];
    double clicks = Double.parseDouble(parts[3]);
    assertTrue(clicks > 0, line);
    try (Relearn relearn = Relearn.open(index, TestOptions.HASHING)) {
      LearnedValues learned = relearn.feedbackStore().learned(newId);
      assertEquals(clicks, learned.clicks(), 1e-9, "the renamed chunk's clicks after the crash");
      Hit hit = relearn.search(SearchRequest.of(WORD).withMode(SearchMode.BM25)).hits()
          .getFirst();
      assertEquals(newId, hit.chunkId());
      assertEquals(clicks, hit.learned().clicks(), 1e-9, "in a search after the crash");
    }
  }
}
