package dev.relearn.cli;

import dev.relearn.engine.Relearn;
import dev.relearn.engine.VectorCacheCompaction;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code relearn compact}: merges near-identical past-query clusters, then compacts the index's
 * document-vector cache ({@link Relearn#compactVectorCache}).
 */
@Command(name = "compact", mixinStandardHelpOptions = true,
    footerHeading = Examples.HEADING,
    footer = {
      "  relearn compact",
      "  relearn compact --index /tmp/notes-index",
      "  relearn compact --vector-cache ~/.cache/relearn/vectors --shared-vector-cache"},
    description = {
      "Merge past-query clusters more similar than 0.98 and report \"compacted N → M\".",
      "Then rewrite the index's document-vector cache with only the vectors its chunks need"
          + " (those of edited, deleted or removed chunks, and of index runs that did not"
          + " finish, are dropped) and report its size before and after. A cache folder given"
          + " by --vector-cache or RELEARN_VECTOR_CACHE may be shared by other indexes: it is"
          + " skipped, saying so, unless --shared-vector-cache."})
final class CompactCommand implements Callable<Integer> {
  @Mixin EngineOptions engine;
  @Mixin LockWait lockWait;
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--shared-vector-cache", negatable = false,
      description = "Also compact a cache folder given by --vector-cache or RELEARN_VECTOR_CACHE"
          + " against this index's chunks: vectors that only other indexes sharing it need are"
          + " dropped too, and embedded again when those are next indexed.")
  boolean sharedVectorCache;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (Relearn relearn = engine.open(false)) {
      out.println(relearn.feedbackStore().compact());
      out.println(said(relearn.compactVectorCache(sharedVectorCache)));
    }
    return 0;
  }

  /** One line on what happened to the vector cache. */
  static String said(VectorCacheCompaction compaction) {
    String folder = "vector cache " + compaction.folder().toAbsolutePath().normalize();
    return switch (compaction.outcome()) {
      case COMPACTED -> "vector cache " + compaction.result().summary();
      case NO_CACHE -> folder + ": nothing to compact (no vectors of this index's model)";
      case SHARED -> folder + ": skipped, as it was given by --vector-cache or"
          + " RELEARN_VECTOR_CACHE and other indexes may share it; --shared-vector-cache"
          + " compacts it against this index's chunks";
      case IN_USE -> folder + ": skipped, as another process holds it and may be adding to it;"
          + " run compact again once that process has finished";
    };
  }
}
