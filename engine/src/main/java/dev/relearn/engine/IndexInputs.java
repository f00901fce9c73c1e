package dev.relearn.engine;

import dev.relearn.indexer.build.IndexBuilder;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.indexer.source.Sources;
import java.nio.file.Path;

/**
 * What {@link Relearn#index} takes, for callers that name formats by label: the format of a
 * label, a check that a path suits it before anything is opened, and how often indexing commits.
 */
public final class IndexInputs {
  /** Embedded chunks per intermediate commit: an interrupted run keeps what it committed. */
  public static final int COMMIT_EVERY = IndexBuilder.COMMIT_EVERY;

  private IndexInputs() {}

  /** The source format of {@code label}: auto, files, jsonl or beir. */
  public static SourceFormat format(String label) {
    return SourceFormat.fromLabel(label);
  }

  /** Why {@code path}, which does not exist, cannot be indexed: {@link Sources#missing}. */
  public static String missing(Path path) {
    return Sources.missing(path);
  }

  /** Checks that {@code path} can be read as {@code format}, without reading its content. */
  public static void check(Path path, SourceFormat format) {
    Sources.open(path, format);
  }
}
