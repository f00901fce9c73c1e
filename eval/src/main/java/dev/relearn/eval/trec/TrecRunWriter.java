package dev.relearn.eval.trec;

import dev.relearn.eval.metrics.Run;
import dev.relearn.eval.metrics.ScoredDoc;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Writes a {@link Run} as a TREC run file: one line {@code qid Q0 docno rank score tag} per hit,
 * queries in the run's order, hits in rank order (trec_eval's: score descending, then doc id
 * descending), ranks from 1.
 *
 * <p>Scores are written with {@link Double#toString}, the shortest decimal that reads back to the
 * same double, so trec_eval (which parses them with {@code atof}) sees exactly the scores and the
 * ties that relearn ranked. A query that retrieved nothing has no line (TREC files cannot say
 * "ran, found nothing"; {@code trec_eval -c} scores such a query 0, as relearn does).
 */
public final class TrecRunWriter {
  private final String tag;

  /** A writer that puts {@code tag}, which must be a non-empty word, in the last column. */
  public TrecRunWriter(String tag) {
    this.tag = require("run tag", tag);
  }

  /**
   * Writes {@code run} to {@code file} (UTF-8), creating folders; every id is checked first (a
   * non-empty word), so a bad run leaves the file as it was.
   */
  public void write(Run run, Path file) throws IOException {
    Objects.requireNonNull(file, "file");
    requireIds(Objects.requireNonNull(run, "run"));
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      write(run, out);
    }
  }

  /** Writes {@code run} to {@code out}, flushed but not closed; ids are checked first. */
  public void write(Run run, Writer out) throws IOException {
    requireIds(Objects.requireNonNull(run, "run"));
    for (String queryId : run.queryIds()) {
      List<ScoredDoc> ranking = run.ranking(queryId);
      for (int i = 0; i < ranking.size(); i++) {
        out.write(queryId + " Q0 " + ranking.get(i).docId() + " " + (i + 1) + " "
            + Double.toString(ranking.get(i).score()) + " " + tag + "\n");
      }
    }
    out.flush();
  }

  private static void requireIds(Run run) {
    for (String queryId : run.queryIds()) {
      require("query id", queryId);
      run.ranking(queryId).forEach(doc -> require("doc id", doc.docId()));
    }
  }

  /** Returns {@code value}, or throws naming {@code what} when it is empty or has whitespace. */
  static String require(String what, String value) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(what + " must not be empty, got: '" + value + "'");
    }
    if (value.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(
          what + " must not contain whitespace for a TREC file, got: '" + value + "'");
    }
    return value;
  }
}
