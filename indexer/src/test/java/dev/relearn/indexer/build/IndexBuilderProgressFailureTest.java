package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.DirectorySource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A progress callback that throws (a failing UI, or a caller asking the run to stop) stops an
 * index run before its writes, leaving the index as it was, and otherwise only after the commit,
 * so that the index never holds half of a path; the callback's exception comes out either way.
 */
class IndexBuilderProgressFailureTest extends IndexBuilderFixture {
  /** Throws its exception from the first call made during {@code task}. */
  private static final class FailingIn extends RecordingProgress {
    private final String task;
    private final RuntimeException failure;
    private boolean inTask;

    FailingIn(String task, RuntimeException failure) {
      super(true);
      this.task = task;
      this.failure = failure;
    }

    @Override
    public void start(String started, long total) {
      super.start(started, total);
      inTask = started.equals(task);
    }

    @Override
    public void advance(long done) {
      super.advance(done);
      if (inTask && done == 2) {
        throw failure;
      }
    }
  }

  @Test
  void aCallbackThatThrowsWhileWritingStopsTheRunOnlyAfterItsCommit() throws IOException {
    Path docs = folder(dir.resolve("docs"), "a.md", "# A\nalpha\n", "b.md", "# B\nbeta\n",
        "c.md", "# C\ngamma\n", "d.md", "# D\ndelta\n");
    IllegalStateException failure = new IllegalStateException("the progress window is gone");
    FailingIn progress = new FailingIn("writing", failure);
    IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> build(progress)
        .index(new DirectorySource(docs)));
    assertSame(failure, thrown);
    assertFalse(writer.hasUncommittedChanges(), "the run committed before rethrowing");
    assertEquals(4, stored().size(), "every chunk of the path is written");
    int writing = progress.events.indexOf("start writing 4");
    assertEquals(List.of("start writing 4", "advance 1", "advance 2"),
        progress.events.subList(writing, progress.events.size()), "no call after the failed one");
  }

  @Test
  void aCallbackThatThrowsWhileEmbeddingLeavesTheIndexAsItWas() throws IOException {
    Path docs = folder(dir.resolve("docs"), "a.md", "# A\nalpha\n", "b.md", "# B\nbeta\n",
        "c.md", "# C\ngamma\n");
    IllegalStateException failure = new IllegalStateException("stop");
    assertSame(failure, assertThrows(IllegalStateException.class,
        () -> build(new FailingIn("embedding", failure)).index(new DirectorySource(docs))));
    assertEquals(0, stored().size(), "nothing written, even uncommitted");
  }

  private IndexBuilder build(Progress progress) {
    return IndexBuilderFixture.builder(writer, schema, new HashingEmbedder(),
        progress);
  }
}
