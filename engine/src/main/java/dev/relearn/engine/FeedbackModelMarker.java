package dev.relearn.engine;

import dev.relearn.feedback.store.RecordedFeedback;
import dev.relearn.lucene.files.AtomicFiles;
import dev.relearn.lucene.files.OwnerOnly;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Ties a feedback folder to the embedding model its query vectors came from, since past queries
 * compare only with queries embedded by the same model: a folder of another model is refused,
 * naming both and the way out. A folder without a marker gets one while it holds no past queries;
 * with some, it is refused too, as nothing tells which model recorded them.
 */
final class FeedbackModelMarker {
  /** The marker's name in the feedback folder. */
  static final String FILE = "model-id";

  private FeedbackModelMarker() {}

  /**
   * Checks, or writes, the marker of {@code feedbackDir}.
   *
   * @throws IllegalStateException if the folder was recorded with another model
   */
  static void check(Path feedbackDir, String modelId) throws IOException {
    Path marker = feedbackDir.resolve(FILE);
    if (requireMatch(feedbackDir, modelId)) {
      return;
    }
    OwnerOnly.createFolder(feedbackDir);
    AtomicFiles.write(marker, (modelId + "\n").getBytes(StandardCharsets.UTF_8), true);
  }

  /**
   * Checks the marker without writing (read-only); returns whether there is one (an empty one,
   * left by a crash of an older version, counts as none).
   *
   * @throws IllegalStateException if the folder was recorded with another model, or holds past
   *     queries but no marker
   */
  static boolean requireMatch(Path feedbackDir, String modelId) throws IOException {
    Path marker = feedbackDir.resolve(FILE);
    String recorded = Files.exists(marker)
        ? Files.readString(marker, StandardCharsets.UTF_8).strip() : "";
    if (!recorded.isEmpty()) {
      if (!recorded.equals(modelId)) {
        throw new IllegalStateException("the feedback in " + feedbackDir + " was recorded with"
            + " model " + recorded + ", but this index uses " + modelId + "; its past queries"
            + " cannot be compared. Move that folder away (relearn then starts learning afresh)"
            + " or open the index with --model matching " + recorded);
      }
      return true;
    }
    if (RecordedFeedback.present(feedbackDir)) {
      throw new IllegalStateException("the feedback in " + feedbackDir + " holds past queries"
          + " but no model id in " + marker + ", so nothing tells which model recorded them"
          + " (they can only be compared with queries embedded by the same one). If it was "
          + modelId + ", write that id into that file and open again; if not, move that folder"
          + " away (relearn then starts learning afresh)");
    }
    return false;
  }
}
